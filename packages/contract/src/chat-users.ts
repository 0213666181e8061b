/** The app's end users: their profiles, how they log in, and whom they block. */
import { z } from "zod";
import { zMetadata, zPageQuery, zUserId } from "./chat-common";
import { LOGIN_TOKEN_TTL_DEFAULT_SECONDS, LOGIN_TOKEN_TTL_MAX_SECONDS } from "./chat-constants";
import { isEmptyOrVisible, V, zOptionalHttpUrl } from "./validation";

export const NICKNAME_MAX = 80;
/** Room for a JWT the app signs itself: its header, claims (a profile image URL among them) and signature. */
export const LOGIN_TOKEN_MAX_LENGTH = 2048;

export const zNickname = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .refine(isEmptyOrVisible, V.required)
  .max(NICKNAME_MAX, V.tooLong);

export const zChatUser = z.object({
  userId: z.string(),
  nickname: z.string(),
  profileImageUrl: z.string(),
  isActive: z.boolean(),
  /** Created by anonymous login; a user the app created is never anonymous, and anonymous login cannot take it. */
  isAnonymous: z.boolean(),
  /** The user's app role: a built-in one (`member` unless given another; `guest` for an anonymous user) or custom. */
  role: z.string().optional(),
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
export type TCreateChatUserRequestInput = z.input<typeof zCreateChatUserRequest>;
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
  /** An opaque token from `POST /v1/users/:userId/token`, or a JWT the app signed (see `login-signing.ts`). */
  token: z.string().min(1).max(LOGIN_TOKEN_MAX_LENGTH),
});
export type TChatLoginRequest = z.infer<typeof zChatLoginRequest>;
export const zAnonymousLoginRequest = z.object({ appId: z.string().uuid(), userId: zUserId, nickname: zNickname });
export type TAnonymousLoginRequest = z.infer<typeof zAnonymousLoginRequest>;
export const zChatSession = z.object({ sessionToken: z.string(), appId: z.string(), user: zChatUser });
export type TChatSession = z.infer<typeof zChatSession>;

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
