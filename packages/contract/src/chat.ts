import { z } from "zod";
import {
  INT_MAX,
  INVITE_CODE_MAX,
  MAX_INVITES_AT_ONCE,
  MESSAGE_METADATA_MAX,
  REGULAR_CHANNEL_MEMBER_LIMIT,
} from "./constants";
import type { ErrorData } from "./errors";
import { V, zBigintId, zInviteCode, zMuteMinutes, zOptionalHttpUrl, zTags } from "./validation";

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
export const zNickname = z.string({ error: V.required }).trim().min(1, V.required).max(NICKNAME_MAX, V.tooLong);

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
  lastSeenAt: z.string().nullable(),
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

export const CHANNEL_TYPES = ["public", "private", "private_invite", "supergroup"] as const;
export const zChannelType = z.enum(CHANNEL_TYPES);
export type TChannelType = z.infer<typeof zChannelType>;

export const zSender = z.object({ userId: z.string(), nickname: z.string(), profileImageUrl: z.string() });

export const zFileInfo = z.object({ url: z.string(), name: z.string(), size: z.number().int(), mimeType: z.string() });

export const zMessage = z.object({
  id: z.string(),
  channelId: z.string(),
  /** Position in the channel, increasing by one per message; the cursor for history. */
  seq: z.number().int(),
  type: z.enum(["text", "file", "admin"]),
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
});
export type TMessage = z.infer<typeof zMessage>;

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
});
export type TChannel = z.infer<typeof zChannel>;
export const zChannelResponse = z.object({ channel: zChannel });
export const zChannelsPage = z.object({ channels: z.array(zChannel), nextCursor: z.string().nullable() });
export type TChannelsPage = z.infer<typeof zChannelsPage>;

const channelFields = {
  name: z.string({ error: V.required }).trim().min(1, V.required).max(CHANNEL_NAME_MAX, V.tooLong),
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
  })
  .refine((c) => c.type !== "private" || c.inviteCode.length > 0, { message: V.inviteCode, path: ["inviteCode"] });
export type TCreateChannelRequest = z.infer<typeof zCreateChannelRequest>;

export const zUpdateChannelRequest = z.object({
  name: channelFields.name.optional(),
  imageUrl: channelFields.imageUrl.optional(),
  memberLimit: channelFields.memberLimit.optional(),
  inviteCode: channelFields.inviteCode.optional(),
});
export type TUpdateChannelRequest = z.infer<typeof zUpdateChannelRequest>;

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
  joinedAt: z.string(),
  mutedUntil: z.string().nullable(),
  /** The member's subchannel in a super group with subchannels on; null otherwise. */
  subchannel: z.number().int().nullable().optional(),
});
export type TMember = z.infer<typeof zMember>;
export const zMembersPage = z.object({ members: z.array(zMember), nextCursor: z.string().nullable() });
export type TMembersPage = z.infer<typeof zMembersPage>;

/** Bodies above this are malformed (300); text above MESSAGE_TEXT_MAX but within it is "too long" (3013). */
export const MESSAGE_BODY_TEXT_CAP = 4 * MESSAGE_TEXT_MAX;

export const CLIENT_MESSAGE_ID_MAX = 64;
/** The characters of a `clientMessageId`: letters, digits, `.`, `_`, `:` and `-`. */
export const CLIENT_MESSAGE_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;
export const zSendMessageRequest = z.object({
  text: z.string({ error: V.required }).max(MESSAGE_BODY_TEXT_CAP, V.messageLength),
  metadata: zMetadata.default({}),
  /**
   * An idempotency key the sender chooses (letters, digits, `.`, `_`, `:`, `-`). Sending again with the same key in
   * the same channel answers the message already stored instead of storing a second: what a client does after a
   * send whose answer it never received.
   */
  clientMessageId: z.string().min(1).max(CLIENT_MESSAGE_ID_MAX).regex(CLIENT_MESSAGE_ID_PATTERN).optional(),
});
export type TSendMessageRequest = z.infer<typeof zSendMessageRequest>;
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
});
export type TChatEvent = z.infer<typeof zChatEvent>;
export const zEventsQuery = z.object({
  after: zBigintId.default("0"),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const zEventsResponse = z.object({ events: z.array(zChatEvent), hasMore: z.boolean() });
export type TEventsResponse = z.infer<typeof zEventsResponse>;

/** Frames on the WebSocket `/v1/ws`. The client's first frame authenticates; the server then pushes events. */
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
  /** `data` as in the HTTP error envelope, e.g. `retryAfterSeconds` with 005. */
  | { type: "error"; code: string; message: string; data?: ErrorData };

/**
 * The close codes the server ends a `/v1/ws` socket with, each after an `error` frame saying why (except 1001).
 * ws itself closes a socket that sends a frame over 64 KB with 1009.
 */
export const WS_CLOSE_CODES = {
  /** The server is shutting down: reconnect, and a load balancer sends you to another process. */
  serverShuttingDown: 1001,
  /** Not authenticated (3028, 3003, 4000), a frame the server does not understand (300, 1023) or the session ended. */
  refused: 4001,
  /** Over the connection cap of the chat user or dashboard session (008): retrying cannot help until one closes. */
  tooManyConnections: 4008,
  /** Over the rate limit (005): reconnect no sooner than the error's `retryAfterSeconds`. */
  rateLimited: 4029,
} as const;

export const chatApi = {
  users: "/users",
  user: "/users/:userId",
  userActivate: "/users/:userId/activate",
  userDeactivate: "/users/:userId/deactivate",
  userToken: "/users/:userId/token",
  login: "/auth/login",
  anonymousLogin: "/auth/anonymous",
  logout: "/auth/logout",
  me: "/me",
  pushTokens: "/me/push-tokens",
  pushToken: "/me/push-tokens/:deviceId",
  channels: "/channels",
  channel: "/channels/:channelId",
  join: "/channels/:channelId/join",
  leave: "/channels/:channelId/leave",
  members: "/channels/:channelId/members",
  subchannels: "/channels/:channelId/subchannels",
  member: "/channels/:channelId/members/:userId",
  mute: "/channels/:channelId/members/:userId/mute",
  unmute: "/channels/:channelId/members/:userId/unmute",
  ban: "/channels/:channelId/members/:userId/ban",
  unban: "/channels/:channelId/members/:userId/unban",
  owner: "/channels/:channelId/owner",
  messages: "/channels/:channelId/messages",
  message: "/channels/:channelId/messages/:messageId",
  translation: "/channels/:channelId/messages/:messageId/translations/:language",
  files: "/channels/:channelId/files",
  read: "/channels/:channelId/read",
  events: "/events",
  ws: "/ws",
  openapi: "/openapi.json",
} as const;
export const CHAT_API_PREFIX = "/v1";
