/**
 * The examples the published OpenAPI documents show: one value per main shape, and a request and an answer for the
 * main operations. Typed by the contract's own types, so an example that no longer fits its schema fails the build.
 */
import type { z } from "zod";
import type { TChannel, TCreateChannelRequestInput } from "./chat-channels";
import type { TChatEvent } from "./chat-events";
import type { TMessage, TSendMessageRequestInput } from "./chat-messages";
import type {
  TChatLoginRequest,
  TChatSession,
  TChatUser,
  TCreateChatUserRequestInput,
  zIssueTokenResponse,
} from "./chat-users";
import type { ErrorEnvelope } from "./errors";

const APP_ID = "0f8b6a52-3c1d-4e8a-9b7f-2d4c6e8a0b1c";
const CHANNEL_ID = "6d1f0c9e-8a2b-4c3d-9e4f-5a6b7c8d9e0f";
const MESSAGE_ID = "b3c4d5e6-f7a8-4b9c-8d0e-1f2a3b4c5d6e";
const CREATED_AT = "2026-03-02T09:15:00.000Z";

export const EXAMPLE_CHAT_USER = {
  userId: "kim",
  nickname: "Kim",
  profileImageUrl: "https://example.com/kim.png",
  isActive: true,
  isAnonymous: false,
  metadata: { tier: "gold" },
  createdAt: "2026-03-01T08:00:00.000Z",
  lastSeenAt: CREATED_AT,
  isOnline: true,
} satisfies TChatUser;

export const EXAMPLE_MESSAGE = {
  id: MESSAGE_ID,
  channelId: CHANNEL_ID,
  seq: 42,
  type: "text",
  text: "Hello, Lobby!",
  sender: { userId: "kim", nickname: "Kim", profileImageUrl: "https://example.com/kim.png" },
  metadata: {},
  file: null,
  createdAt: CREATED_AT,
  clientMessageId: "c-20260302-0001",
} satisfies TMessage;

export const EXAMPLE_CHANNEL = {
  id: CHANNEL_ID,
  name: "Lobby",
  imageUrl: "",
  type: "public",
  memberLimit: 100,
  requiresInviteCode: false,
  isFrozen: false,
  ownerUserId: "kim",
  memberCount: 2,
  tags: [{ id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d", tag: "news" }],
  lastMessage: EXAMPLE_MESSAGE,
  createdAt: "2026-03-01T08:30:00.000Z",
  unreadCount: 0,
  unreadMentionCount: 0,
} satisfies TChannel;

export const EXAMPLE_CHAT_EVENT = {
  id: "1042",
  type: "message.created",
  channelId: CHANNEL_ID,
  createdAt: CREATED_AT,
  message: EXAMPLE_MESSAGE,
} satisfies TChatEvent;

export const EXAMPLE_ERROR = {
  code: "3007",
  message: "Channel not found.",
} satisfies ErrorEnvelope;

/** A request body and a 200 answer of one operation, by its `operationId`. */
export interface OperationExample {
  request?: unknown;
  response?: unknown;
}

/**
 * The chat API's main operations, with a request and its answer. Keyed by `operationId`, so an operation the map
 * does not name simply shows none.
 */
export const CHAT_API_EXAMPLES: Record<string, OperationExample> = {
  createUser: {
    request: {
      userId: "kim",
      nickname: "Kim",
      profileImageUrl: "https://example.com/kim.png",
      metadata: { tier: "gold" },
    } satisfies TCreateChatUserRequestInput,
    response: { user: EXAMPLE_CHAT_USER },
  },
  getUser: { response: { user: EXAMPLE_CHAT_USER } },
  listUsers: { response: { users: [EXAMPLE_CHAT_USER], nextCursor: null } },
  issueLoginToken: {
    request: { expiresInSeconds: 3600 },
    response: { token: "plt_9sK2vQ7xR4mT1bN8", expiresAt: "2026-03-02T10:15:00.000Z" } satisfies z.infer<
      typeof zIssueTokenResponse
    >,
  },
  loginUser: {
    request: { appId: APP_ID, userId: "kim", token: "plt_9sK2vQ7xR4mT1bN8" } satisfies TChatLoginRequest,
    response: { sessionToken: "pcs_Xb3Lq8Zr2Wn5Kd7Y", appId: APP_ID, user: EXAMPLE_CHAT_USER } satisfies TChatSession,
  },
  getMe: { response: { user: EXAMPLE_CHAT_USER } },
  createChannel: {
    request: { name: "Lobby", type: "public", userIds: ["lee"], tags: ["news"] } satisfies TCreateChannelRequestInput,
    response: { channel: EXAMPLE_CHANNEL },
  },
  getChannel: { response: { channel: EXAMPLE_CHANNEL } },
  listChannels: { response: { channels: [EXAMPLE_CHANNEL], nextCursor: null } },
  sendMessage: {
    request: { text: "Hello, Lobby!", clientMessageId: "c-20260302-0001" } satisfies TSendMessageRequestInput,
    response: { message: EXAMPLE_MESSAGE },
  },
  listMessages: { response: { messages: [EXAMPLE_MESSAGE], hasMore: false } },
  listEvents: { response: { events: [EXAMPLE_CHAT_EVENT], hasMore: false, retentionSeconds: 604_800 } },
};
