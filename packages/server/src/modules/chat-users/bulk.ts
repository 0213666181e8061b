import type { TBulkUserItem, TChatUser } from "@parley/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context";
import { withTransaction } from "../../db/transaction";
import type { AppRow } from "../apps";
import { toChatUser } from "./mapping";
import { type ChatUserRow, chatUsers } from "./schema";

/** What became of one user of a bulk upsert. */
export interface UpsertedUser {
  index: number;
  userId: string;
  status: "created" | "updated" | "unchanged";
  user: TChatUser;
}

const sameMetadata = (a: Record<string, string>, b: Record<string, string>) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
};

/** The fields an item changes on a stored user: those it gives that differ. Empty when it changes nothing. */
function changesOf(row: ChatUserRow, item: TBulkUserItem): Partial<ChatUserRow> {
  const patch: Partial<ChatUserRow> = {};
  if (item.nickname !== row.nickname) patch.nickname = item.nickname;
  if (item.profileImageUrl !== undefined && item.profileImageUrl !== row.profileImageUrl)
    patch.profileImageUrl = item.profileImageUrl;
  if (item.metadata !== undefined && !sameMetadata(item.metadata, row.metadata)) patch.metadata = item.metadata;
  return patch;
}

/**
 * `POST /v1/users/bulk`: creates the app's users an item names that it does not have, and changes those it has to
 * what the items say, in one transaction. The users it reads are locked first, so two calls naming the same user take
 * turns; a user another call creates between the read and the insert is changed instead, as if it had been read.
 * `forget` drops the session cache, so a changed nickname shows at once.
 */
export function createBulkUsers(ctx: Context, forget: () => void) {
  const { db } = ctx.database;
  const { clock } = ctx;

  return async function upsertUsers(
    app: AppRow,
    items: readonly { index: number; value: TBulkUserItem }[],
  ): Promise<UpsertedUser[]> {
    if (items.length === 0) return [];
    const results = await withTransaction(db, async (tx) => {
      const lockedRows = (ids: string[]) =>
        tx
          .select()
          .from(chatUsers)
          .where(and(eq(chatUsers.appId, app.id), inArray(chatUsers.userId, ids)))
          .for("update");
      const stored = new Map((await lockedRows(items.map((i) => i.value.userId))).map((row) => [row.userId, row]));
      const now = clock.now();
      const fresh = items.filter((item) => !stored.has(item.value.userId));
      const created = new Map<string, ChatUserRow>();
      if (fresh.length > 0) {
        const rows = await tx
          .insert(chatUsers)
          .values(
            fresh.map(({ value }) => ({
              appId: app.id,
              userId: value.userId,
              nickname: value.nickname,
              profileImageUrl: value.profileImageUrl ?? "",
              metadata: value.metadata ?? {},
              createdAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning();
        for (const row of rows) created.set(row.userId, row);
        const raced = fresh.map((i) => i.value.userId).filter((id) => !created.has(id));
        if (raced.length > 0) for (const row of await lockedRows(raced)) stored.set(row.userId, row);
      }

      const answers: UpsertedUser[] = [];
      for (const { index, value } of items) {
        const made = created.get(value.userId);
        if (made) {
          answers.push({ index, userId: value.userId, status: "created", user: toChatUser(made) });
          continue;
        }
        const row = stored.get(value.userId) as ChatUserRow;
        const patch = changesOf(row, value);
        if (Object.keys(patch).length === 0) {
          answers.push({ index, userId: value.userId, status: "unchanged", user: toChatUser(row) });
          continue;
        }
        const [updated] = await tx.update(chatUsers).set(patch).where(eq(chatUsers.id, row.id)).returning();
        answers.push({ index, userId: value.userId, status: "updated", user: toChatUser(updated as ChatUserRow) });
      }
      return answers;
    });
    if (results.some((result) => result.status === "updated")) forget();
    return results;
  };
}
