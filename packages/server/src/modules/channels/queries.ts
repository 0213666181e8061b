import { type AnyColumn, and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { channelMembers, channels } from "./schema";

/** What other modules need of a channel to speak about it: its name, type, creation time and brand. */
export async function findChannelSummary(db: Db, appId: string, channelId: string) {
  const [row] = await db
    .select({
      id: channels.id,
      name: channels.name,
      type: channels.type,
      createdAt: channels.createdAt,
      brandId: channels.brandId,
    })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.appId, appId)))
    .limit(1);
  return row;
}

/**
 * The chat user ids of a channel's members (of one subchannel, when given), as a subquery another module's query
 * filters by.
 */
export function channelMemberIds(db: Db, channelId: string, subchannel?: number) {
  return db
    .select({ id: channelMembers.chatUserId })
    .from(channelMembers)
    .where(
      subchannel === undefined
        ? eq(channelMembers.channelId, channelId)
        : and(eq(channelMembers.channelId, channelId), eq(channelMembers.subchannel, subchannel)),
    );
}

/** Unread messages across each user's channels: an approximation that counts deleted messages too. */
export async function unreadCounts(db: Db, chatUserIds: string[]): Promise<Map<string, number>> {
  if (chatUserIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: channelMembers.chatUserId,
      unread: sql<number>`coalesce(sum(greatest(${channels.lastSeq} - ${channelMembers.lastReadSeq}, 0)), 0)::int`,
    })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(inArray(channelMembers.chatUserId, chatUserIds))
    .groupBy(channelMembers.chatUserId);
  return new Map(rows.map((r) => [r.id, Number(r.unread)]));
}

/** The ids of an app's channels, as a subquery another module's statement reads. */
export function channelIdsOf(db: Db, appId: string) {
  return db.select({ id: channels.id }).from(channels).where(eq(channels.appId, appId));
}

/** The ids of the channels a user belongs to, as a subquery another module's query filters by. */
export function channelIdsOfMember(db: Db, chatUserId: string) {
  return db
    .select({ id: channelMembers.channelId })
    .from(channelMembers)
    .where(eq(channelMembers.chatUserId, chatUserId));
}

/** A user's subchannel in the channel `channelId` names (a column of the outer query), as a scalar subquery. */
export function subchannelOfMember(db: Db, channelId: AnyColumn, chatUserId: string) {
  return db
    .select({ subchannel: channelMembers.subchannel })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.chatUserId, chatUserId)));
}

/** Moves a member's read mark to `seq`. */
export async function setReadMark(db: Db, channelId: string, chatUserId: string, seq: number): Promise<void> {
  await db
    .update(channelMembers)
    .set({ lastReadSeq: seq })
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.chatUserId, chatUserId)));
}
