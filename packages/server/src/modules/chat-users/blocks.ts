import { BLOCKED_USERS_MAX, Errors, type TBlockedUser, type TBlockedUsersPage } from "@parley/contract";
import { and, count, desc, eq, sql } from "drizzle-orm";
import { decodeCursor, pageOf, pastCursor } from "../../chat/cursor";
import type { Context } from "../../context";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import { toChatUser } from "./mapping";
import { type ChatUserRow, chatUsers, userBlocks } from "./schema";

/** The user acting on their own block list. */
interface Blocker {
  app: Pick<AppRow, "id">;
  user: Pick<ChatUserRow, "id" | "userId">;
}

const toBlockedUser = (user: ChatUserRow, blockedAt: Date): TBlockedUser => ({
  ...toChatUser(user),
  blockedAt: blockedAt.toISOString(),
});

/**
 * Users blocking users of their app (`/v1/me/blocks`). The rows only say who blocks whom: what a block hides is
 * decided where messages are read, sent and pushed, each from these rows as they are at that moment.
 */
export function createBlockService(
  ctx: Context,
  deps: { requireUser(appId: string, userId: string): Promise<ChatUserRow> },
) {
  const { db } = ctx.database;
  const { clock } = ctx;

  return {
    /** Blocks a user of the app; blocking one already blocked answers that block as it was made. */
    async block(blocker: Blocker, userId: string): Promise<TBlockedUser> {
      if (userId === blocker.user.userId) throw new AppError(Errors.SELF_BLOCK);
      const target = await deps.requireUser(blocker.app.id, userId);
      const mine = and(eq(userBlocks.appId, blocker.app.id), eq(userBlocks.blockerId, blocker.user.id));
      return withTransaction(db, async (tx) => {
        // One user's blocks take turns on their row, so two made at once cannot both pass the limit.
        await tx.execute(sql`select 1 from ${chatUsers} where ${chatUsers.id} = ${blocker.user.id} for update`);
        const [existing] = await tx
          .select({ createdAt: userBlocks.createdAt })
          .from(userBlocks)
          .where(and(mine, eq(userBlocks.blockedId, target.id)))
          .limit(1);
        if (existing) return toBlockedUser(target, existing.createdAt);
        const [held] = await tx.select({ n: count() }).from(userBlocks).where(mine);
        if ((held?.n ?? 0) >= BLOCKED_USERS_MAX) throw new AppError(Errors.BLOCK_LIMIT_REACHED);
        const now = clock.now();
        await tx
          .insert(userBlocks)
          .values({ appId: blocker.app.id, blockerId: blocker.user.id, blockedId: target.id, createdAt: now });
        return toBlockedUser(target, now);
      });
    },

    /** Lifts a block; 3083 when the caller does not block the user. */
    async unblock(blocker: Blocker, userId: string): Promise<void> {
      const target = await deps.requireUser(blocker.app.id, userId);
      const removed = await db
        .delete(userBlocks)
        .where(
          and(
            eq(userBlocks.appId, blocker.app.id),
            eq(userBlocks.blockerId, blocker.user.id),
            eq(userBlocks.blockedId, target.id),
          ),
        )
        .returning({ blockedId: userBlocks.blockedId });
      if (removed.length === 0) throw new AppError(Errors.USER_NOT_BLOCKED);
    },

    /** The caller's blocked users, most recently blocked first. */
    async list(blocker: Blocker, query: { cursor?: string | undefined; limit: number }): Promise<TBlockedUsersPage> {
      const after = decodeCursor(query.cursor);
      const rows = await db
        .select({ user: chatUsers, blockedAt: userBlocks.createdAt })
        .from(userBlocks)
        .innerJoin(chatUsers, eq(chatUsers.id, userBlocks.blockedId))
        .where(
          and(
            eq(userBlocks.appId, blocker.app.id),
            eq(userBlocks.blockerId, blocker.user.id),
            pastCursor(after, userBlocks.createdAt, userBlocks.blockedId, "desc"),
          ),
        )
        .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => ({ at: row.blockedAt, id: row.user.id }));
      return { users: page.items.map((row) => toBlockedUser(row.user, row.blockedAt)), nextCursor: page.nextCursor };
    },
  };
}

export type BlockService = ReturnType<typeof createBlockService>;
