import { randomUUID } from "node:crypto";
import { Errors, type TBulkChannelItem, type TChannel } from "@parley/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import { type ChatUserRow, findChatUsersByUserIds } from "../chat-users";
import type { ChannelCore } from "./core";
import { forgetDistinct } from "./features";
import { memberLimitFor } from "./open";
import { type ChannelRow, channelBans, channelMembers, channels, channelTags } from "./schema";

/** An item of a bulk call that passed its own check, at its place in the request. */
export interface BulkItem<T> {
  index: number;
  value: T;
}

export type BulkChannelOutcome =
  | { index: number; channelId: string; status: "created" | "exists"; channel: TChannel }
  | { index: number; channelId?: string; status: "failed"; error: AppError };

export type BulkMemberOutcome = {
  index: number;
  action: "add" | "remove";
  userId: string;
  status: "added" | "already_member" | "removed" | "not_member" | "failed";
  error?: AppError;
};

/** The members an item makes: its owner first, then the users it names, each once. */
function membersOf(item: TBulkChannelItem): string[] {
  return [...new Set([...(item.ownerUserId ? [item.ownerUserId] : []), ...item.userIds])];
}

/**
 * The app server's bulk calls on channels: `POST /v1/channels/bulk` and `POST /v1/channels/{id}/members/bulk`. Each
 * call is one transaction, through `mutate`, so the events of what it made (`channel.created`, `member.joined`,
 * `member.left`) are published once it commits, as the single calls publish theirs. What would refuse an item is
 * read before anything is written, so an item refused does not undo the others.
 */
export function createBulkChannels(ctx: Context, core: ChannelCore) {
  const { clock } = ctx;
  const { mutate, addMemberRows, removeMemberRow, lockChannel, toChannel, toChannels } = core;

  async function usersByUserId(tx: Db, app: AppRow, userIds: Iterable<string>): Promise<Map<string, ChatUserRow>> {
    const rows = await findChatUsersByUserIds(tx, app.id, [...new Set(userIds)]);
    return new Map(rows.map((row) => [row.userId, row]));
  }

  /** The items of one attempt: what each becomes, with the channels to insert. */
  async function plan(tx: Db, app: AppRow, items: readonly BulkItem<TBulkChannelItem>[]) {
    const given = items.flatMap((item) => (item.value.channelId ? [item.value.channelId] : []));
    // Read, not locked: an ID may be another app's channel, and a call must not hold another app's rows. Two calls
    // racing for one new ID meet at the primary key instead.
    const taken = given.length ? await tx.select().from(channels).where(inArray(channels.id, given)) : [];
    const takenById = new Map(taken.map((row) => [row.id, row]));
    const users = await usersByUserId(
      tx,
      app,
      items.flatMap((item) => membersOf(item.value)),
    );
    const outcomes: BulkChannelOutcome[] = [];
    const toCreate: { index: number; item: TBulkChannelItem; id: string; members: ChatUserRow[] }[] = [];
    const existing: { index: number; row: ChannelRow }[] = [];
    for (const { index, value } of items) {
      const row = value.channelId ? takenById.get(value.channelId) : undefined;
      if (row) {
        if (row.appId === app.id) existing.push({ index, row });
        else
          outcomes.push({ index, channelId: row.id, status: "failed", error: new AppError(Errors.CHANNEL_ID_TAKEN) });
        continue;
      }
      const wanted = membersOf(value);
      const missing = wanted.filter((userId) => !users.has(userId));
      const id = value.channelId ?? randomUUID();
      if (missing.length > 0) {
        const error = new AppError(Errors.CHAT_USER_NOT_FOUND, { userIds: missing });
        outcomes.push({ index, channelId: id, status: "failed", error });
        continue;
      }
      if (value.type === "open" && (value.inviteCode || value.hideMessagesBeforeJoin)) {
        outcomes.push({ index, channelId: id, status: "failed", error: new AppError(Errors.OPEN_CHANNEL_REFUSED) });
        continue;
      }
      const limit = memberLimitFor(value.type, value.memberLimit, app.defaultMemberLimit);
      if (limit !== null && wanted.length > limit) {
        outcomes.push({ index, channelId: id, status: "failed", error: new AppError(Errors.CHANNEL_FULL) });
        continue;
      }
      toCreate.push({ index, item: value, id, members: wanted.map((userId) => users.get(userId) as ChatUserRow) });
    }
    return { outcomes, toCreate, existing };
  }

  async function createOnce(app: AppRow, items: readonly BulkItem<TBulkChannelItem>[]) {
    const now = clock.now();
    return mutate(async (tx, batch) => {
      const { outcomes, toCreate, existing } = await plan(tx, app, items);
      const created: { index: number; row: ChannelRow }[] = [];
      for (const { index, item, id, members } of toCreate) {
        const owner = item.ownerUserId ? (members[0] as ChatUserRow) : null;
        const [row] = await tx
          .insert(channels)
          .values({
            id,
            appId: app.id,
            name: item.name,
            imageUrl: item.imageUrl,
            type: item.type,
            memberLimit: memberLimitFor(item.type, item.memberLimit, app.defaultMemberLimit),
            inviteCode: item.inviteCode,
            ownerId: owner?.id ?? null,
            createdAt: now,
            updatedAt: now,
            data: item.data,
            hideMessagesBeforeJoin: item.hideMessagesBeforeJoin,
          })
          .returning();
        const channel = row as ChannelRow;
        if (item.tags.length > 0) {
          await tx.insert(channelTags).values(item.tags.map((tag) => ({ channelId: channel.id, tag })));
        }
        await addMemberRows(tx, channel, members, batch, now);
        await batch.record(tx, app.id, channel.id, "channel.created", { channel: await toChannel(channel, tx) }, now);
        created.push({ index, row: channel });
      }
      const shown = await toChannels(
        [...created, ...existing].map(({ row }) => row),
        tx,
      );
      const byId = new Map(shown.map((channel) => [channel.id, channel]));
      for (const { index, row } of created) {
        outcomes.push({ index, channelId: row.id, status: "created", channel: byId.get(row.id) as TChannel });
      }
      for (const { index, row } of existing) {
        outcomes.push({ index, channelId: row.id, status: "exists", channel: byId.get(row.id) as TChannel });
      }
      return outcomes;
    });
  }

  return {
    /**
     * Creates the channels the items describe, with their members and owners. An item whose ID the app already has
     * answers `exists` and changes nothing, so the same call sent again makes no second channel; two calls racing to
     * make one ID meet at its primary key, and the loser's call runs again, finding it.
     */
    async createChannels(app: AppRow, items: readonly BulkItem<TBulkChannelItem>[]): Promise<BulkChannelOutcome[]> {
      if (items.length === 0) return [];
      try {
        return await createOnce(app, items);
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        return createOnce(app, items);
      }
    },

    /**
     * Adds and removes members of one channel: the removals first, so a call that swaps members fits a full channel.
     * Adding a member again answers `already_member`, removing a non-member `not_member`; a user the app does not
     * have fails with 3018, a banned one with 3029, and adds past the member limit with 3024, in the order given.
     */
    async changeMembers(
      app: AppRow,
      channelId: string,
      adds: readonly BulkItem<string>[],
      removals: readonly BulkItem<string>[],
    ): Promise<{ channel: TChannel; outcomes: BulkMemberOutcome[] }> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, app, channelId);
        const named = [...adds, ...removals].map((item) => item.value);
        const users = await usersByUserId(tx, app, named);
        const ids = [...users.values()].map((user) => user.id);
        const members = new Set(
          ids.length === 0
            ? []
            : (
                await tx
                  .select({ id: channelMembers.chatUserId })
                  .from(channelMembers)
                  .where(and(eq(channelMembers.channelId, channel.id), inArray(channelMembers.chatUserId, ids)))
              ).map((m) => m.id),
        );
        const banned = new Set(
          ids.length === 0
            ? []
            : (
                await tx
                  .select({ id: channelBans.chatUserId })
                  .from(channelBans)
                  .where(and(eq(channelBans.channelId, channel.id), inArray(channelBans.chatUserId, ids)))
              ).map((b) => b.id),
        );
        const outcomes: BulkMemberOutcome[] = [];
        const answer = (item: BulkItem<string>, action: "add" | "remove", rest: Partial<BulkMemberOutcome>) =>
          outcomes.push({ index: item.index, action, userId: item.value, status: "failed", ...rest });

        for (const item of removals) {
          const user = users.get(item.value);
          if (!user) answer(item, "remove", { error: new AppError(Errors.CHAT_USER_NOT_FOUND) });
          else if (!(await removeMemberRow(tx, channel, user))) answer(item, "remove", { status: "not_member" });
          else {
            await batch.record(tx, app.id, channel.id, "member.left", { userId: user.userId }, now);
            answer(item, "remove", { status: "removed" });
          }
        }
        const admitted: ChatUserRow[] = [];
        let room = channel.memberLimit === null ? Number.POSITIVE_INFINITY : channel.memberLimit - channel.memberCount;
        for (const item of adds) {
          const user = users.get(item.value);
          if (!user) answer(item, "add", { error: new AppError(Errors.CHAT_USER_NOT_FOUND) });
          else if (members.has(user.id)) answer(item, "add", { status: "already_member" });
          else if (banned.has(user.id)) answer(item, "add", { error: new AppError(Errors.UNBAN_BEFORE_ADD) });
          else if (room <= 0) answer(item, "add", { error: new AppError(Errors.CHANNEL_FULL) });
          else {
            room -= 1;
            admitted.push(user);
            answer(item, "add", { status: "added" });
          }
        }
        const before = channel.memberCount;
        await addMemberRows(tx, channel, admitted, batch, now);
        if (channel.memberCount !== before) await forgetDistinct(tx, channel);
        return { channel, outcomes };
      });
      return { channel: await toChannel(row.channel), outcomes: row.outcomes };
    },
  };
}
