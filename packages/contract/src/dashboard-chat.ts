import { z } from "zod";
import {
  zChannel,
  zChannelType,
  zChatUser,
  zCreateChannelRequest,
  zMessage,
  zMessageHistoryQuery,
  zNickname,
  zReaction,
  zUpdateChannelRequest,
  zUserId,
} from "./chat";
import { INT_MAX, MAX_INVITES_AT_ONCE } from "./constants";
import { V, zMuteMinutes, zSubchannelSettings, zTag } from "./validation";

/**
 * The dashboard's calls on an app's chat data (spec section 7, "Users" and "Channels"), under
 * `/api/apps/{id}/...`. They act as the app's administrator through the same services as the chat API.
 */

export const zDashboardPageQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: z.string().trim().max(100).optional(),
});
export type TDashboardPageQuery = z.infer<typeof zDashboardPageQuery>;

export const zAppUserParams = z.object({ id: z.string().uuid(), userId: zUserId });
export const zAppChannelParams = z.object({ id: z.string().uuid(), channelId: z.string().uuid() });
export const zAppChannelUserParams = zAppChannelParams.extend({ userId: zUserId });

export const zSubchannel = zSubchannelSettings;
export type TSubchannel = z.infer<typeof zSubchannel>;

/**
 * Which channels the dashboard's channel list shows. Brand channels are the one-to-one channels bulk messages are
 * delivered in, one per brand and recipient; an app that sends many can have more of them than channels of its own.
 */
export const DASHBOARD_CHANNEL_KINDS = ["all", "regular", "brand"] as const;
export type TDashboardChannelKind = (typeof DASHBOARD_CHANNEL_KINDS)[number];
export const zDashboardChannelsQuery = zDashboardPageQuery.extend({
  kind: z.enum(DASHBOARD_CHANNEL_KINDS).default("all"),
});
export type TDashboardChannelsQuery = z.infer<typeof zDashboardChannelsQuery>;

/** A brand channel's brand and the one user it delivers to; null on every other channel. */
export const zBrandChannelInfo = z.object({
  brandId: z.string(),
  brandName: z.string(),
  recipient: z.object({ userId: z.string(), nickname: z.string() }),
});
export type TBrandChannelInfo = z.infer<typeof zBrandChannelInfo>;
export const zDashboardChannel = zChannel.extend({ brand: zBrandChannelInfo.nullable() });
export type TDashboardChannel = z.infer<typeof zDashboardChannel>;
export const zDashboardChannelsPage = z.object({
  channels: z.array(zDashboardChannel),
  nextCursor: z.string().nullable(),
});
export type TDashboardChannelsPage = z.infer<typeof zDashboardChannelsPage>;

/** Channel detail as the dashboard edits it: the chat API's channel plus what only an admin sees. */
export const zChannelDetailResponse = z.object({ channel: zChannel, inviteCode: z.string(), subchannel: zSubchannel });
export type TChannelDetailResponse = z.infer<typeof zChannelDetailResponse>;

/** The dashboard reads a split super group's history whole, or one subchannel's (with the messages to all). */
export const zDashboardMessageHistoryQuery = zMessageHistoryQuery.extend({
  subchannel: z.coerce.number().int().min(1).max(INT_MAX).optional(),
});

export const zDashboardCreateChannelRequest = zCreateChannelRequest;
export const zDashboardUpdateChannelRequest = zUpdateChannelRequest.extend({
  type: zChannelType.optional(),
  subchannel: zSubchannel.optional(),
});
export type TDashboardUpdateChannelRequest = z.infer<typeof zDashboardUpdateChannelRequest>;

export const zUserIdsBody = z.object({
  userIds: z.array(zUserId).min(1, V.required).max(MAX_INVITES_AT_ONCE, V.inviteCount),
});
export const zUserIdBody = z.object({ userId: zUserId });
export const zMuteBody = z.object({ userId: zUserId, minutes: zMuteMinutes });
export const zDeleteMessagesBody = z.object({ messageIds: z.array(z.string().uuid()).min(1).max(100) });
export const zAdminMessageBody = z.object({ text: z.string({ error: V.required }).max(20_000) });
export const zCreateTagBody = z.object({ tag: zTag });
export const zDeleteTagBody = z.object({ id: z.string().uuid() });

export const zCountResponse = z.object({ count: z.number().int() });
export const zIsMutedResponse = z.object({ isMuted: z.boolean(), mutedUntil: z.string().nullable() });
export const zBannedUser = z.object({
  userId: z.string(),
  nickname: z.string(),
  profileImageUrl: z.string(),
  bannedAt: z.string(),
});
export const zBannedPage = z.object({ users: z.array(zBannedUser), nextCursor: z.string().nullable() });
export type TBannedPage = z.infer<typeof zBannedPage>;
export const zTagsResponse = z.object({ tags: z.array(z.object({ id: z.string(), tag: z.string() })) });
export const zMemberMessagesResponse = z.object({ messages: z.array(zMessage) });

export const zAppMessageParams = zAppChannelParams.extend({ messageId: z.string().uuid() });
export const zAppReactionParams = zAppMessageParams.extend({ reaction: zReaction });

/**
 * A channel's pinned messages for the dashboard's pinned strip: the ids in pin order (oldest first) and the messages
 * still live among them, in the same order. A pinned message that was deleted stays in `pinnedMessageIds` until it
 * is unpinned, and has no entry in `messages`.
 */
export const zPinnedMessagesResponse = z.object({
  pinnedMessageIds: z.array(z.string()),
  messages: z.array(zMessage),
});
export type TPinnedMessagesResponse = z.infer<typeof zPinnedMessagesResponse>;

/**
 * Test users: chat users the dashboard makes so an app's owner can chat from a user's side without writing code.
 * They are ordinary chat users of the app (their messages count like any other), marked by this metadata entry;
 * the dashboard issues chat sessions for them alone, never for the app's real users.
 */
export const TEST_USER_METADATA_KEY = "parley.testUser";
/** The user IDs the dashboard gives its test users start with this, so they are recognisable in any list. */
export const TEST_USER_ID_PREFIX = "test-";
/** How many test users the dashboard lists: the newest, as there is rarely call for more than a few. */
export const TEST_USERS_LISTED = 20;

export const zCreateTestUserRequest = z.object({ nickname: zNickname });
export type TCreateTestUserRequest = z.infer<typeof zCreateTestUserRequest>;
export const zTestUsersResponse = z.object({ users: z.array(zChatUser) });
export type TTestUsersResponse = z.infer<typeof zTestUsersResponse>;

export const dashboardChat = {
  users: "/apps/:id/users",
  searchUsers: "/apps/:id/search/users",
  user: "/apps/:id/users/:userId",
  activate: "/apps/:id/users/:userId/activate",
  deactivate: "/apps/:id/users/:userId/deactivate",
  channels: "/apps/:id/channels",
  searchChannels: "/apps/:id/search/channels",
  channel: "/apps/:id/channels/:channelId",
  owner: "/apps/:id/channels/:channelId/owner",
  freeze: "/apps/:id/channels/:channelId/freeze",
  unfreeze: "/apps/:id/channels/:channelId/unfreeze",
  messages: "/apps/:id/channels/:channelId/messages",
  deleteMessages: "/apps/:id/channels/:channelId/messages/delete",
  /** A thread's replies (GET), paged by seq as the history is. */
  replies: "/apps/:id/channels/:channelId/messages/:messageId/replies",
  /** Removes one reaction from a message for everyone who added it (DELETE). */
  reaction: "/apps/:id/channels/:channelId/messages/:messageId/reactions/:reaction",
  /** The pinned messages (GET). */
  pins: "/apps/:id/channels/:channelId/pins",
  /** Pins (POST) or unpins (DELETE) a message, as the channel's owner or the app may. */
  pin: "/apps/:id/channels/:channelId/pins/:messageId",
  membersAdd: "/apps/:id/channels/:channelId/members/add",
  membersRemove: "/apps/:id/channels/:channelId/members/remove",
  mute: "/apps/:id/channels/:channelId/members/mute",
  unmute: "/apps/:id/channels/:channelId/members/unmute",
  ban: "/apps/:id/channels/:channelId/members/ban",
  unban: "/apps/:id/channels/:channelId/members/unban",
  members: "/apps/:id/channels/:channelId/members",
  subchannels: "/apps/:id/channels/:channelId/subchannels",
  membersCount: "/apps/:id/channels/:channelId/members/count",
  muted: "/apps/:id/channels/:channelId/members/muted",
  mutedCount: "/apps/:id/channels/:channelId/members/muted/count",
  banned: "/apps/:id/channels/:channelId/members/banned",
  bannedCount: "/apps/:id/channels/:channelId/members/banned/count",
  membersSearch: "/apps/:id/channels/:channelId/members/search",
  mutedSearch: "/apps/:id/channels/:channelId/members/muted/search",
  bannedSearch: "/apps/:id/channels/:channelId/members/banned/search",
  isMuted: "/apps/:id/channels/:channelId/members/ismuted/:userId",
  memberInfo: "/apps/:id/channels/:channelId/members/info/:userId",
  memberMessages: "/apps/:id/channels/:channelId/members/messages/:userId",
  tags: "/apps/:id/channels/:channelId/tags",
  tagsCreate: "/apps/:id/channels/:channelId/tags/create",
  tagsDelete: "/apps/:id/channels/:channelId/tags/delete",
  /** The app's test users (GET, newest first) and a new one (POST). */
  testUsers: "/apps/:id/test-users",
  /** A chat session (`pcs_…`) for a test user, for the dashboard's own use of the chat API as that user. */
  testUserSession: "/apps/:id/test-users/:userId/session",
} as const;
