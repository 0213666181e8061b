import type { TChannel } from "@parley/contract";
import type { ChannelRow } from "./schema";

/** A brand channel as its `channel.created` event shows it: no tags, no owner, its one member, no message yet. */
export function brandChannelOf(row: ChannelRow): TChannel {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    type: row.type,
    memberLimit: row.memberLimit,
    requiresInviteCode: row.type === "private",
    isFrozen: row.isFrozen,
    ownerUserId: null,
    memberCount: row.memberCount,
    tags: [],
    lastMessage: null,
    createdAt: row.createdAt.toISOString(),
    ...channelFeatures(row),
  };
}

/** What a channel shows of its data, history option, distinctness, pins and slow mode. */
export function channelFeatures(row: ChannelRow) {
  return {
    data: row.data,
    hideMessagesBeforeJoin: row.hideMessagesBeforeJoin,
    slowModeSeconds: row.slowModeSeconds,
    isDistinct: row.distinctKey !== null,
    pinnedMessageIds: row.pinnedMessageIds,
  };
}
