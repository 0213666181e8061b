/** The stored real-time events of the chat API, which a socket pushes and `GET /v1/events` pages through. */
import { z } from "zod";
import { zChannel } from "./chat-channels";
import { zMessage } from "./chat-messages";
import { zPoll } from "./chat-polls";
import { zBigintId } from "./validation";

/**
 * How often `channel.read` (and `channel.delivered`) tells a channel about one member's mark at most: later marks within this wait and
 * the newest is sent when it ends, so the last one always arrives.
 */
export const READ_RECEIPT_INTERVAL_MS = 2000;

export const CHAT_EVENT_TYPES = [
  "message.created",
  "message.deleted",
  "member.joined",
  "member.left",
  "member.muted",
  "member.unmuted",
  "member.banned",
  "member.unbanned",
  "channel.created",
  "channel.changed",
  "channel.deleted",
  "channel.frozen",
  "channel.unfrozen",
  /** A super group's members were placed anew: subchannels turned on or off, or one merged into another. */
  "subchannels.changed",
  /** A message's text or metadata was edited: `message` as it is now. */
  "message.updated",
  /**
   * `userId` added or removed `reaction` on `messageId`; `reactions` holds the message's new counts. A
   * `reaction.removed` without `userId` is the app's administrator removing that reaction for everyone who added it.
   */
  "reaction.added",
  "reaction.removed",
  /** A reply was sent to the thread of `messageId`: its `replyCount` and `lastRepliedAt` now. */
  "thread.updated",
  /** A member's read mark moved (`userId`, `seq`), at most once per member and channel every 2 s. */
  "channel.read",
  /**
   * A member's delivered mark moved (`userId`, `seq`): their client has received the channel's messages up to `seq`.
   * At most once per member and channel every 2 s, like `channel.read`; a read mark implies delivery and sends none.
   */
  "channel.delivered",
  /** `messageId` was pinned; `channel` carries the new `pinnedMessageIds`. */
  "message.pinned",
  /** `messageId` was unpinned; `channel` carries the new `pinnedMessageIds`. */
  "message.unpinned",
  /**
   * A poll's counts changed (a vote, a changed or taken back vote) or it closed: `messageId` is its message and
   * `poll` the poll as it is now, without `myVotes`.
   */
  "poll.updated",
] as const;
export const zChatEventType = z.enum(CHAT_EVENT_TYPES);
export type TChatEventType = z.infer<typeof zChatEventType>;

/**
 * A real-time event. `id` increases across the app; a client that reconnects asks `GET /v1/events?after=id`
 * for what it missed.
 */
export const zChatEvent = z.object({
  id: z.string(),
  type: zChatEventType,
  channelId: z.string(),
  createdAt: z.string(),
  message: zMessage.optional(),
  messageId: z.string().optional(),
  userId: z.string().optional(),
  channel: zChannel.optional(),
  mutedUntil: z.string().nullable().optional(),
  /** With `member.joined` in a super group with subchannels: the subchannel the member was placed in. */
  subchannel: z.number().int().optional(),
  /** With `subchannels.changed` after a merge: every member of `from` is now in `into`. */
  merge: z.object({ from: z.number().int(), into: z.number().int() }).optional(),
  /** With `channel.read` and `channel.delivered`: the member's read or delivered mark. */
  seq: z.number().int().optional(),
  /**
   * With `message.created` of a member of a broadcast channel: the users it reaches (the sender and the owner),
   * rather than every member.
   */
  visibleTo: z.array(z.string()).optional(),
  /** With `reaction.added` and `reaction.removed`. */
  reaction: z.string().optional(),
  reactions: z.record(z.string(), z.number().int()).optional(),
  /** With `thread.updated`. */
  replyCount: z.number().int().optional(),
  lastRepliedAt: z.string().optional(),
  /** With `poll.updated`. */
  poll: zPoll.optional(),
});
export type TChatEvent = z.infer<typeof zChatEvent>;
export const zEventsQuery = z.object({
  after: zBigintId.default("0"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
/**
 * `retentionSeconds`: how long the server keeps events. A cursor older than what it keeps answers 3140 (410), whose
 * `data.lastEventId` is where to continue once the channels are loaded again.
 */
export const zEventsResponse = z.object({
  events: z.array(zChatEvent),
  hasMore: z.boolean(),
  retentionSeconds: z.number().int().positive(),
});
export type TEventsResponse = z.infer<typeof zEventsResponse>;
