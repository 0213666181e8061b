import { z } from "zod";
import type { TCallEvent } from "./calls";
import {
  INT_MAX,
  INVITE_CODE_MAX,
  MAX_INVITES_AT_ONCE,
  MESSAGE_METADATA_MAX,
  REGULAR_CHANNEL_MEMBER_LIMIT,
} from "./constants";
import type { ErrorData } from "./errors";
import { zLanguageCode } from "./translation";
import { isEmptyOrVisible, V, zBigintId, zInviteCode, zMuteMinutes, zOptionalHttpUrl, zTags } from "./validation";

/**
 * The chat API (`/v1`): what an app's own servers (with an API key) and its end users (with a session token)
 * call. Every schema here is part of the public API; change it only by adding.
 */

export const MESSAGE_TEXT_MAX = 5000;
export const USER_ID_MAX = 80;
export const NICKNAME_MAX = 80;
export const CHANNEL_NAME_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
export const LOGIN_TOKEN_TTL_DEFAULT_SECONDS = 7 * 24 * 60 * 60;
export const LOGIN_TOKEN_TTL_MAX_SECONDS = 30 * 24 * 60 * 60;

/** App-chosen user ids: letters, digits and `_ - . @ :`, so they are safe in paths and logs. */
export const USER_ID_PATTERN = /^[A-Za-z0-9_\-.@:]+$/;
export const zUserId = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(USER_ID_MAX, V.tooLong)
  .regex(USER_ID_PATTERN, V.userId);
export const zNickname = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .refine(isEmptyOrVisible, V.required)
  .max(NICKNAME_MAX, V.tooLong);

export const zMetadata = z
  .record(z.string().trim().min(1, V.required).max(64, V.tooLong), z.string().max(1000, V.tooLong))
  .refine((m) => Object.keys(m).length <= MESSAGE_METADATA_MAX, V.metadataCount);

export const zPageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
  search: z.string().trim().max(100).optional(),
});
export type TPageQuery = z.infer<typeof zPageQuery>;

/** Cursor pagination: pass `nextCursor` back as `cursor`; null means the last page. */
export const page = <T extends z.ZodType>(item: T, key: string) =>
  z.object({ [key]: z.array(item), nextCursor: z.string().nullable() });

export const zChatUser = z.object({
  userId: z.string(),
  nickname: z.string(),
  profileImageUrl: z.string(),
  isActive: z.boolean(),
  /** Created by anonymous login; a user the app created is never anonymous, and anonymous login cannot take it. */
  isAnonymous: z.boolean(),
  metadata: z.record(z.string(), z.string()),
  createdAt: z.string(),
  /** When the user was last connected or used the API, to within a minute; while online, about now. */
  lastSeenAt: z.string().nullable(),
  /** Whether the user holds a WebSocket open now, on any server process. Given where presence is asked for. */
  isOnline: z.boolean().optional(),
});
export type TChatUser = z.infer<typeof zChatUser>;
export const zChatUserResponse = z.object({ user: zChatUser });
export const zChatUsersPage = z.object({ users: z.array(zChatUser), nextCursor: z.string().nullable() });
export type TChatUsersPage = z.infer<typeof zChatUsersPage>;

export const zCreateChatUserRequest = z.object({
  userId: zUserId,
  nickname: zNickname,
  profileImageUrl: zOptionalHttpUrl,
  metadata: zMetadata.default({}),
});
export type TCreateChatUserRequest = z.infer<typeof zCreateChatUserRequest>;
export const zUpdateChatUserRequest = z.object({
  nickname: zNickname.optional(),
  profileImageUrl: zOptionalHttpUrl.optional(),
  metadata: zMetadata.optional(),
});
export type TUpdateChatUserRequest = z.infer<typeof zUpdateChatUserRequest>;
export type TUpdateChatUserRequestInput = z.input<typeof zUpdateChatUserRequest>;
export const zUserIdParams = z.object({ userId: zUserId });

export const zIssueTokenRequest = z.object({
  expiresInSeconds: z.number().int().min(60).max(LOGIN_TOKEN_TTL_MAX_SECONDS).default(LOGIN_TOKEN_TTL_DEFAULT_SECONDS),
});
export const zIssueTokenResponse = z.object({ token: z.string(), expiresAt: z.string() });
export type TIssueTokenResponse = z.infer<typeof zIssueTokenResponse>;

export const zChatLoginRequest = z.object({
  appId: z.string().uuid(),
  userId: zUserId,
  token: z.string().min(1).max(200),
});
export type TChatLoginRequest = z.infer<typeof zChatLoginRequest>;
export const zAnonymousLoginRequest = z.object({ appId: z.string().uuid(), userId: zUserId, nickname: zNickname });
export type TAnonymousLoginRequest = z.infer<typeof zAnonymousLoginRequest>;
export const zChatSession = z.object({ sessionToken: z.string(), appId: z.string(), user: zChatUser });
export type TChatSession = z.infer<typeof zChatSession>;

/**
 * `broadcast`: the owner's (and the app's) messages reach every member, a member's reach only the owner, in real
 * time and in history.
 */
export const CHANNEL_TYPES = ["public", "private", "private_invite", "supergroup", "broadcast"] as const;
export const zChannelType = z.enum(CHANNEL_TYPES);
export type TChannelType = z.infer<typeof zChannelType>;

export const zSender = z.object({ userId: z.string(), nickname: z.string(), profileImageUrl: z.string() });

export const zFileInfo = z.object({ url: z.string(), name: z.string(), size: z.number().int(), mimeType: z.string() });

export const MESSAGE_TYPES = ["text", "file", "admin", "custom", "hidden"] as const;
export type TMessageType = (typeof MESSAGE_TYPES)[number];

export const zMessage = z.object({
  id: z.string(),
  channelId: z.string(),
  /** Position in the channel, increasing by one per message; the cursor for history. */
  seq: z.number().int(),
  /**
   * `custom`: rendered by the app by `customType`. `hidden`: delivered in real time only, for clients' own
   * signalling; never pushed and never counted as unread.
   */
  type: z.enum(MESSAGE_TYPES),
  text: z.string(),
  sender: zSender.nullable(),
  metadata: z.record(z.string(), z.string()),
  file: zFileInfo.nullable(),
  createdAt: z.string(),
  /** The sender's idempotency key, when it gave one. */
  clientMessageId: z.string().optional(),
  /**
   * In a super group with subchannels: the subchannel whose members the message reached, or null for a message to
   * the whole channel (the app's and admins'). Absent elsewhere.
   */
  subchannel: z.number().int().nullable().optional(),
  /** With `type: "custom"`: the app's own kind of message, which its clients render. */
  customType: z.string().optional(),
  /** How many members added each reaction; absent or empty when none. */
  reactions: z.record(z.string(), z.number().int()).optional(),
  /** The reactions the caller added, in answers to a user; absent in events, which every member hears alike. */
  myReactions: z.array(z.string()).optional(),
  /** When the text or metadata was last edited; absent or null when never. */
  editedAt: z.string().nullable().optional(),
  /** A reply's thread: the message it answers. Absent on messages of the channel itself. */
  parentMessageId: z.string().optional(),
  /** With `parentMessageId`: the reply is also shown in the channel's history. */
  showInChannel: z.boolean().optional(),
  /** A thread's parent: how many replies it has and when the last came. */
  replyCount: z.number().int().optional(),
  lastRepliedAt: z.string().nullable().optional(),
  /** The user IDs the sender mentioned; absent when none. */
  mentionedUserIds: z.array(z.string()).optional(),
  /**
   * The text in the languages the sender asked for with `translationLanguages`, by language code, once translated.
   * Absent in the send's answer and its `message.created`, which do not wait for translation; a `message.updated`
   * brings them when they land. A language the translation service failed on is left out.
   */
  translations: z.record(z.string(), z.string()).optional(),
});
export type TMessage = z.infer<typeof zMessage>;

/** Key/value pairs of a channel, set by its owner or the app. */
export const CHANNEL_DATA_MAX = 5;
export const CHANNEL_DATA_KEY_MAX = 64;
export const CHANNEL_DATA_VALUE_MAX = 1000;
/** Users one message mentions at most. */
export const MENTIONED_USERS_MAX = 20;
/** Languages one message may ask to be translated into when sent. */
export const TRANSLATION_LANGUAGES_MAX = 5;
/** Messages a channel keeps pinned at most (3080 beyond). */
export const PINNED_MESSAGES_MAX = 10;
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
  /** Null for super groups, which have no member limit. */
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
   * For a member (a channel list with `scope=mine`, or one channel): messages after their read mark, not counting
   * their own nor hidden ones, nor in a broadcast channel other members' messages.
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

export const zCreateChannelRequest = z
  .object({
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
  })
  .refine((c) => c.type !== "private" || c.inviteCode.length > 0, { message: V.inviteCode, path: ["inviteCode"] });
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
});
export type TUpdateChannelRequest = z.infer<typeof zUpdateChannelRequest>;
export type TUpdateChannelRequestInput = z.input<typeof zUpdateChannelRequest>;

export const zChannelParams = z.object({ channelId: z.string().uuid() });
export const zChannelMemberParams = zChannelParams.extend({ userId: zUserId });
export const zMessageParams = zChannelParams.extend({ messageId: z.string().uuid() });

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
  role: z.enum(["owner", "member"]),
  /** Whether the member holds a WebSocket open now, on any server process. */
  isOnline: z.boolean().optional(),
  joinedAt: z.string(),
  mutedUntil: z.string().nullable(),
  /** The member's subchannel in a super group with subchannels on; null otherwise. */
  subchannel: z.number().int().nullable().optional(),
  /** The member has read the channel up to this seq (read receipts). */
  lastReadSeq: z.number().int().optional(),
});
export type TMember = z.infer<typeof zMember>;
export const zMembersPage = z.object({ members: z.array(zMember), nextCursor: z.string().nullable() });
export type TMembersPage = z.infer<typeof zMembersPage>;

/** Bodies above this are malformed (300); text above MESSAGE_TEXT_MAX but within it is "too long" (3013). */
export const MESSAGE_BODY_TEXT_CAP = 4 * MESSAGE_TEXT_MAX;

export const CLIENT_MESSAGE_ID_MAX = 64;
/** The characters of a `clientMessageId`: letters, digits, `.`, `_`, `:` and `-`. */
export const CLIENT_MESSAGE_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
/** The types a sender chooses; `file` comes from the upload route and `admin` from the app's own sends. */
export const SENDABLE_MESSAGE_TYPES = ["text", "custom", "hidden"] as const;
export const CUSTOM_TYPE_MAX = 64;
export const zSendMessageRequest = z.object({
  text: z.string({ error: V.required }).max(MESSAGE_BODY_TEXT_CAP, V.messageLength),
  metadata: zMetadata.default({}),
  /**
   * An idempotency key the sender chooses (letters, digits, `.`, `_`, `:`, `-`). Sending again with the same key in
   * the same channel answers the message already stored instead of storing a second: what a client does after a
   * send whose answer it never received.
   */
  clientMessageId: z.string().min(1).max(CLIENT_MESSAGE_ID_MAX).regex(CLIENT_MESSAGE_ID_PATTERN).optional(),
  /** `text` unless given; `custom` needs `customType`. An app's server sending `text` sends an admin message. */
  type: z.enum(SENDABLE_MESSAGE_TYPES).optional(),
  customType: z.string().trim().min(1, V.required).max(CUSTOM_TYPE_MAX, V.tooLong).optional(),
  /** Sends the message as a reply in this message's thread. */
  parentMessageId: z.string().uuid().optional(),
  /** With `parentMessageId`: the reply also appears in the channel's history. */
  showInChannel: z.boolean().optional(),
  /** Members the message mentions, by user ID: it counts toward their `unreadMentionCount`. */
  mentionedUserIds: z.array(zUserId).max(MENTIONED_USERS_MAX).optional(),
  /**
   * Languages to translate the text into after it is stored (at most {@link TRANSLATION_LANGUAGES_MAX}; `zh-cn` and
   * `zh-CN` are one). Every reader then gets them in `translations`. Ignored while the app has translation off or no
   * key; a failed translation never fails the send.
   */
  translationLanguages: z.array(zLanguageCode).max(TRANSLATION_LANGUAGES_MAX).optional(),
});
export type TSendMessageRequest = z.infer<typeof zSendMessageRequest>;
export type TSendMessageRequestInput = z.input<typeof zSendMessageRequest>;
export const zMessageResponse = z.object({ message: zMessage });
export const zMessageHistoryQuery = z.object({
  /** Messages with seq below this, newest first; omit for the latest. */
  before: z.coerce.number().int().min(1).max(INT_MAX).optional(),
  /** Messages with seq above this, oldest first: what a reconnecting client missed. */
  after: z.coerce.number().int().min(0).max(INT_MAX).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(50),
});
export const zMessagesResponse = z.object({ messages: z.array(zMessage), hasMore: z.boolean() });
export type TMessagesResponse = z.infer<typeof zMessagesResponse>;

/** Distinct reactions one message holds at most; adding one more answers 3066. */
export const REACTIONS_PER_MESSAGE_MAX = 20;
export const REACTION_MAX = 32;
/**
 * A reaction: an emoji or a key the app chooses (`like`). No whitespace and no control characters, so it reads the
 * same in a path, a log and a client's label; joiners and variation selectors stay allowed for emoji sequences.
 */
export const REACTION_PATTERN = /^[^\s\p{Cc}]+$/u;
export const zReaction = z
  .string({ error: V.required })
  .min(1, V.required)
  .max(REACTION_MAX, V.tooLong)
  .regex(REACTION_PATTERN, V.singleLine);
export const zReactionRequest = z.object({ reaction: zReaction });
export type TReactionRequest = z.infer<typeof zReactionRequest>;
export const zReactionParams = zMessageParams.extend({ reaction: zReaction });

/** An edit: what is given replaces what was stored; at least one of the two. */
export const zEditMessageRequest = z.object({
  text: z.string().max(MESSAGE_BODY_TEXT_CAP, V.messageLength).optional(),
  metadata: zMetadata.optional(),
});
export type TEditMessageRequest = z.infer<typeof zEditMessageRequest>;

/** A thread's replies, paged by seq as a channel's history is (`before`, `after`, `limit`). */
export const zRepliesQuery = zMessageHistoryQuery;
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

/** The caller's unread totals over all their channels (`GET /v1/me/unread`). */
export const zUnreadResponse = z.object({
  unreadCount: z.number().int(),
  unreadMentionCount: z.number().int(),
  /** How many of the caller's channels have something unread. */
  channels: z.number().int(),
});
export type TUnreadResponse = z.infer<typeof zUnreadResponse>;

/**
 * A user the caller blocks, with their profile as other user lists give it and when the block was made. A blocked
 * user's messages do not reach the blocker: not in history, nor in real time, nor as a push, nor in unread counts.
 */
export const zBlockedUser = zChatUser.extend({ blockedAt: z.string() });
export type TBlockedUser = z.infer<typeof zBlockedUser>;
export const zBlockedUserResponse = z.object({ user: zBlockedUser });
/** The caller's blocked users, most recently blocked first, by cursor. */
export const zBlockedUsersPage = z.object({ users: z.array(zBlockedUser), nextCursor: z.string().nullable() });
export type TBlockedUsersPage = z.infer<typeof zBlockedUsersPage>;
export const zBlockedUsersQuery = zPageQuery.omit({ search: true });

/**
 * How often `channel.read` tells a channel about one member's read mark at most: later marks within this wait and
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
  /** `messageId` was pinned; `channel` carries the new `pinnedMessageIds`. */
  "message.pinned",
  /** `messageId` was unpinned; `channel` carries the new `pinnedMessageIds`. */
  "message.unpinned",
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
  /** With `channel.read`: the member's read mark. */
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
});
export type TChatEvent = z.infer<typeof zChatEvent>;
export const zEventsQuery = z.object({
  after: zBigintId.default("0"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const zEventsResponse = z.object({ events: z.array(zChatEvent), hasMore: z.boolean() });
export type TEventsResponse = z.infer<typeof zEventsResponse>;

/** Frames on the WebSocket `/v1/ws`. The client's first frame authenticates; the server then pushes events. */
/** Users one socket may follow the presence of. */
export const PRESENCE_SUBSCRIBE_MAX = 100;

/**
 * What happens now and is not kept: typing and presence. Not stored, so not in `GET /v1/events` and without an
 * `id`; a client that reconnects asks for the current state instead (presence by subscribing again; typing
 * starts over).
 */
export type TTransientEvent =
  | { type: "typing.started" | "typing.stopped"; channelId: string; userId: string; at: string }
  | { type: "user.presence"; userId: string; isOnline: boolean; lastSeenAt: string | null; at: string };
export type TTransientEventType = TTransientEvent["type"];
export const TRANSIENT_EVENT_TYPES = [
  "typing.started",
  "typing.stopped",
  "user.presence",
] as const satisfies readonly TTransientEventType[];

export const zClientFrame = z.discriminatedUnion("type", [
  /** `appId` only with a dashboard session: it opens a read-only view of that app's channels. */
  z.object({ type: z.literal("auth"), token: z.string().min(1).max(200), appId: z.string().uuid().optional() }),
  /**
   * Dashboard views subscribe to a channel; end users receive their own channels' events without asking. With
   * `subchannel`, a view of a super group hears that subchannel's messages (and those to the whole channel) only.
   */
  z.object({
    type: z.literal("subscribe"),
    channelId: z.string().uuid(),
    subchannel: z.number().int().min(1).max(INT_MAX).optional(),
  }),
  z.object({ type: z.literal("ping") }),
  /**
   * An end user is typing in one of their channels (`start`, repeated while they type) or stopped (`stop`). Members
   * hear `typing.started` / `typing.stopped`; a start not repeated within `TYPING_EXPIRES_MS` stops by itself.
   */
  z.object({ type: z.literal("typing"), channelId: z.string().uuid(), state: z.enum(["start", "stop"]) }),
  /**
   * The users whose presence this socket hears (`user.presence`), replacing the set asked for before; an empty list
   * stops it. Their state now arrives at once, each change after.
   */
  z.object({ type: z.literal("presence.subscribe"), userIds: z.array(zUserId).max(PRESENCE_SUBSCRIBE_MAX) }),
  /**
   * WebRTC signalling of a call the user is a party of, while it rings or is accepted: an SDP offer or answer, or an
   * ICE candidate, as the client's WebRTC stack made it. The other party alone hears it (a `call.signal` server
   * frame). `data` holds at most `CALL_SIGNAL_DATA_MAX_BYTES` serialized (3097); another user's call answers 3090,
   * a call in another state 3095, each as an error frame.
   */
  z.object({ type: z.literal("call.signal"), callId: z.string().uuid(), data: z.unknown() }),
]);
export type TClientFrame = z.infer<typeof zClientFrame>;
export type TServerFrame =
  /**
   * `subchannels`: the user's subchannel in each of their super groups that has subchannels on, by channel id. A
   * `subchannels.changed` event says they changed: ask `GET /v1/channels/{id}/subchannels` again.
   */
  | { type: "ready"; user: TChatUser | null; lastEventId: string; subchannels?: Record<string, number> }
  | { type: "event"; event: TChatEvent }
  /**
   * A dashboard view's subscription is in effect: every event of the channel from now on arrives on this socket.
   * What was sent before is in the history API, so a view that reads it after this frame misses nothing.
   */
  | { type: "subscribed"; channelId: string; subchannel?: number }
  | { type: "pong" }
  /** A typing or presence event (see `TTransientEvent`). */
  | { type: "transient"; event: TTransientEvent }
  /** A call of the user started or moved (see `TCallEvent`); both parties hear it, on every socket. */
  | { type: "call"; event: TCallEvent }
  /** The other party's signalling of a call, as they sent it in their `call.signal` frame. */
  | { type: "call.signal"; callId: string; fromUserId: string; data: unknown }
  /**
   * `data` as in the HTTP error envelope, e.g. `retryAfterSeconds` with 005. With `frame`, the error answers one
   * frame of that type (a typing frame in a channel the user is not in) and the socket stays open; without, the
   * server closes the socket after it, and the error says why.
   */
  | { type: "error"; code: string; message: string; data?: ErrorData; frame?: TClientFrame["type"] };

/**
 * The close codes the server ends a `/v1/ws` socket with, each after an `error` frame saying why (except 1001).
 * ws itself closes a socket that sends a frame over 64 KB with 1009.
 */
export const WS_CLOSE_CODES = {
  /** The server is shutting down: reconnect, and a load balancer sends you to another process. */
  serverShuttingDown: 1001,
  /** Not authenticated (3028, 3003, 3001, 3002, 4000), a frame the server does not understand (300, 1023) or the session ended. */
  refused: 4001,
  /** Over the connection cap of the chat user or dashboard session (008): retrying cannot help until one closes. */
  tooManyConnections: 4008,
  /** Over the rate limit (005): reconnect no sooner than the error's `retryAfterSeconds`. */
  rateLimited: 4029,
} as const;
