/** Channels: the record, what creates and changes one, its members, super groups' subchannels, and read marks. */
import { z } from "zod";
import { zPageQuery, zUserId } from "./chat-common";
import { zMessage } from "./chat-messages";
import { INT_MAX, INVITE_CODE_MAX, MAX_INVITES_AT_ONCE, REGULAR_CHANNEL_MEMBER_LIMIT } from "./constants";
import { zPermission } from "./permission-names";
import { isEmptyOrVisible, V, zInviteCode, zMuteMinutes, zOptionalHttpUrl, zTags } from "./validation";

export const CHANNEL_NAME_MAX = 100;

/**
 * `broadcast`: the owner's (and the app's) messages reach every member, a member's reach only the owner, in real
 * time and in history. `open`: a live event's channel, whose record, history and search every user of the app reads
 * without joining; joining (free, no invite code) is what delivers its live events and lets one send. It holds up to
 * `OPEN_CHANNEL_MEMBER_LIMIT` members, and its messages count toward no unread counts and push only the
 * mentioned.
 */
export const CHANNEL_TYPES = ["public", "private", "private_invite", "supergroup", "broadcast", "open"] as const;
export const zChannelType = z.enum(CHANNEL_TYPES);
export type TChannelType = z.infer<typeof zChannelType>;
/**
 * Whether a channel of the type takes a member limit of its own (2 to `REGULAR_CHANNEL_MEMBER_LIMIT`): a super group
 * has none, an open channel always the open channels' limit.
 */
export const takesMemberLimit = (type: TChannelType): boolean => type !== "supergroup" && type !== "open";

/** Key/value pairs of a channel, set by its owner or the app. */
export const CHANNEL_DATA_MAX = 5;
export const CHANNEL_DATA_KEY_MAX = 64;
export const CHANNEL_DATA_VALUE_MAX = 1000;
/** Messages a channel keeps pinned at most (3080 beyond). */
export const PINNED_MESSAGES_MAX = 10;
/**
 * The longest slow mode a channel may have: six hours, the longest cooldown a live event's chat asks for, and short
 * enough that a mistyped value cannot silence a member for days (a mute is the tool for that).
 */
export const SLOW_MODE_SECONDS_MAX = 21_600;
/** Seconds a member waits between two of their messages in the channel; 0 turns slow mode off. */
export const zSlowModeSeconds = z
  .number()
  .int(V.numberRange)
  .min(0, V.numberRange)
  .max(SLOW_MODE_SECONDS_MAX, V.numberRange);
export const zChannelData = z
  .record(
    z.string().trim().min(1, V.required).max(CHANNEL_DATA_KEY_MAX, V.tooLong),
    z.string().max(CHANNEL_DATA_VALUE_MAX, V.tooLong),
  )
  .refine((m) => Object.keys(m).length <= CHANNEL_DATA_MAX, V.metadataCount);

export const zChannel = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  type: zChannelType,
  /** Null for super groups, which have no member limit; an open channel's is always `OPEN_CHANNEL_MEMBER_LIMIT`. */
  memberLimit: z.number().int().nullable(),
  requiresInviteCode: z.boolean(),
  isFrozen: z.boolean(),
  ownerUserId: z.string().nullable(),
  memberCount: z.number().int(),
  tags: z.array(z.object({ id: z.string(), tag: z.string() })),
  lastMessage: zMessage.nullable(),
  createdAt: z.string(),
  /** The owner's or the app's key/value pairs (at most {@link CHANNEL_DATA_MAX}). */
  data: z.record(z.string(), z.string()).optional(),
  /** Members who join later do not see earlier messages, in history or catch-up. */
  hideMessagesBeforeJoin: z.boolean().optional(),
  /** Made with `distinct: true`: one channel per set of members. */
  isDistinct: z.boolean().optional(),
  /** Ids of the pinned messages, oldest pin first; the history holds the messages themselves. */
  pinnedMessageIds: z.array(z.string()).optional(),
  /**
   * Slow mode: seconds a member waits between two of their messages (0: off). The owner and the app's server are
   * exempt; a member's message within it is refused with 3206, whose `data.retryAfterSeconds` says how long is left.
   */
  slowModeSeconds: z.number().int().optional(),
  /**
   * For a user reading one channel: what their app role and channel role let them do in it, so a client can hide
   * what would be refused. Absent for the app's server and the dashboard, which the matrix does not bind.
   */
  myPermissions: z.array(zPermission).optional(),
  /**
   * For a member (a channel list with `scope=mine`, or one channel): messages after their read mark, not counting
   * their own nor hidden ones, nor in a broadcast channel other members' messages. Always 0 in an open channel.
   */
  unreadCount: z.number().int().optional(),
  /** Of those, the ones that mention the member. */
  unreadMentionCount: z.number().int().optional(),
});
export type TChannel = z.infer<typeof zChannel>;
export const zChannelResponse = z.object({ channel: zChannel });
export const zChannelsPage = z.object({ channels: z.array(zChannel), nextCursor: z.string().nullable() });
export type TChannelsPage = z.infer<typeof zChannelsPage>;

const channelFields = {
  name: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .refine(isEmptyOrVisible, V.required)
    .max(CHANNEL_NAME_MAX, V.tooLong),
  imageUrl: zOptionalHttpUrl,
  memberLimit: z.number().int().min(2, V.memberLimit).max(REGULAR_CHANNEL_MEMBER_LIMIT, V.memberLimit),
  inviteCode: z.union([z.literal(""), zInviteCode]),
};

/** A create's fields, before the rule that joins two of them; bulk creates extend them. */
export const zCreateChannelFields = z.object({
  name: channelFields.name,
  imageUrl: channelFields.imageUrl,
  type: zChannelType.default("public"),
  memberLimit: channelFields.memberLimit.optional(),
  inviteCode: channelFields.inviteCode.default(""),
  userIds: z.array(zUserId).max(MAX_INVITES_AT_ONCE, V.inviteCount).default([]),
  tags: zTags.default([]),
  /**
   * Answer the app's distinct channel whose members are exactly the creator and `userIds` instead of making
   * another; public, private and private_invite channels only (3081).
   */
  distinct: z.boolean().default(false),
  data: zChannelData.default({}),
  hideMessagesBeforeJoin: z.boolean().default(false),
});
/** A private channel is entered with its invite code, so it needs one. */
export function privateNeedsInviteCode<T extends z.ZodType<{ type: TChannelType; inviteCode: string }>>(schema: T) {
  return schema.refine((c) => c.type !== "private" || c.inviteCode.length > 0, {
    message: V.inviteCode,
    path: ["inviteCode"],
  });
}
export const zCreateChannelRequest = privateNeedsInviteCode(zCreateChannelFields);
export type TCreateChannelRequest = z.infer<typeof zCreateChannelRequest>;
export type TCreateChannelRequestInput = z.input<typeof zCreateChannelRequest>;

export const zUpdateChannelRequest = z.object({
  name: channelFields.name.optional(),
  imageUrl: channelFields.imageUrl.optional(),
  memberLimit: channelFields.memberLimit.optional(),
  inviteCode: channelFields.inviteCode.optional(),
  /** Replaces the channel's data whole. */
  data: zChannelData.optional(),
  hideMessagesBeforeJoin: z.boolean().optional(),
  /** Slow mode's cooldown, by the owner or the app's server; 0 turns it off. */
  slowModeSeconds: zSlowModeSeconds.optional(),
});
export type TUpdateChannelRequest = z.infer<typeof zUpdateChannelRequest>;
export type TUpdateChannelRequestInput = z.input<typeof zUpdateChannelRequest>;

export const zChannelListQuery = zPageQuery.extend({ scope: z.enum(["mine", "public"]).default("mine") });
export const zJoinChannelRequest = z.object({ inviteCode: z.string().max(INVITE_CODE_MAX).optional() });
export const zAddMembersRequest = z.object({
  userIds: z.array(zUserId).min(1, V.required).max(MAX_INVITES_AT_ONCE, V.inviteCount),
});
export const zMuteRequest = z.object({ minutes: zMuteMinutes });
export const zChangeOwnerRequest = z.object({ userId: zUserId });

export const zMember = z.object({
  userId: z.string(),
  nickname: z.string(),
  profileImageUrl: z.string(),
  isActive: z.boolean(),
  /** The member's channel role: the owner, a moderator the app appointed, or a member. */
  role: z.enum(["owner", "moderator", "member"]),
  /** Whether the member holds a WebSocket open now, on any server process. */
  isOnline: z.boolean().optional(),
  joinedAt: z.string(),
  mutedUntil: z.string().nullable(),
  /** The member's subchannel in a super group with subchannels on; null otherwise. */
  subchannel: z.number().int().nullable().optional(),
  /** The member has read the channel up to this seq (read receipts). */
  lastReadSeq: z.number().int().optional(),
  /**
   * The member's client has received the channel's messages up to this seq; never below `lastReadSeq`, since what
   * was read was delivered. Left out in open channels, which keep no receipts.
   */
  lastDeliveredSeq: z.number().int().optional(),
});
export type TMember = z.infer<typeof zMember>;
export const zMembersPage = z.object({ members: z.array(zMember), nextCursor: z.string().nullable() });
export type TMembersPage = z.infer<typeof zMembersPage>;

/** One subchannel of a super group and how many members it holds. */
export const zSubchannelInfo = z.object({ number: z.number().int(), memberCount: z.number().int() });
export type TSubchannelInfo = z.infer<typeof zSubchannelInfo>;
/** A super group's subchannels, and the caller's own (null when subchannels are off). */
export const zSubchannelsResponse = z.object({
  mine: z.number().int().nullable(),
  subchannels: z.array(zSubchannelInfo),
});
export type TSubchannelsResponse = z.infer<typeof zSubchannelsResponse>;

export const zMarkReadRequest = z.object({ seq: z.number().int().min(0).max(INT_MAX).optional() });
/** The highest seq the member's client has received in the channel; a mark never moves back. */
export const zMarkDeliveredRequest = z.object({ seq: z.number().int().min(0).max(INT_MAX) });
export const zMarkDeliveredResponse = z.object({ lastDeliveredSeq: z.number().int() });
export type TMarkDeliveredResponse = z.infer<typeof zMarkDeliveredResponse>;

/** The caller's unread totals over all their channels (`GET /v1/me/unread`). */
export const zUnreadResponse = z.object({
  unreadCount: z.number().int(),
  unreadMentionCount: z.number().int(),
  /** How many of the caller's channels have something unread. */
  channels: z.number().int(),
});
export type TUnreadResponse = z.infer<typeof zUnreadResponse>;
