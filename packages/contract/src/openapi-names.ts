/**
 * The names the published OpenAPI documents give the contract's schemas. A schema named here becomes one entry of
 * the document's `components.schemas`, and every request or answer that holds it refers to it by `$ref`, so a client
 * generated from the document has `ChatUser` and `Message` rather than anonymous shapes.
 *
 * Only bodies and the objects inside them are named: a route's path and query parameters are listed one by one in
 * the document, which a reference would hide. Each schema is named once; where two constants are one schema (the
 * dashboard creates a channel with the chat API's request), the name is that schema's.
 */
import { z } from "zod";
import {
  zApiKey,
  zApiKeysResponse,
  zApp,
  zAppResponse,
  zAppsResponse,
  zCreateApiKeyRequest,
  zCreateApiKeyResponse,
  zCreateAppRequest,
} from "./apps";
import { zAuditChange, zAuditEntry, zAuditPage } from "./audit";
import { zOk } from "./auth";
import {
  zCall,
  zCallResponse,
  zCallsPage,
  zEndCallRequest,
  zIceServer,
  zIceServersResponse,
  zStartCallRequest,
} from "./calls";
import {
  zBulkChannelResult,
  zBulkChannelsResponse,
  zBulkCreateChannelsRequest,
  zBulkItemError,
  zBulkMemberResult,
  zBulkMembersRequest,
  zBulkMembersResponse,
  zBulkUpsertUsersRequest,
  zBulkUserResult,
  zBulkUsersResponse,
} from "./chat-bulk";
import {
  zAddMembersRequest,
  zChangeOwnerRequest,
  zChannel,
  zChannelResponse,
  zChannelsPage,
  zCreateChannelRequest,
  zJoinChannelRequest,
  zMarkDeliveredRequest,
  zMarkDeliveredResponse,
  zMarkReadRequest,
  zMember,
  zMembersPage,
  zMuteRequest,
  zSubchannelInfo,
  zSubchannelsResponse,
  zUnreadResponse,
  zUpdateChannelRequest,
} from "./chat-channels";
import { zChatEvent, zEventsResponse } from "./chat-events";
import {
  zEditMessageRequest,
  zFileInfo,
  zMessage,
  zMessageResponse,
  zMessagesResponse,
  zReactionRequest,
  zSender,
  zSendMessageRequest,
} from "./chat-messages";
import {
  zCreatePollRequest,
  zPoll,
  zPollOption,
  zPollResponse,
  zPollVoteRequest,
  zPollVoter,
  zPollVotersResponse,
} from "./chat-polls";
import {
  zAnonymousLoginRequest,
  zBlockedUser,
  zBlockedUserResponse,
  zBlockedUsersPage,
  zChatLoginRequest,
  zChatSession,
  zChatUser,
  zChatUserResponse,
  zChatUsersPage,
  zCreateChatUserRequest,
  zIssueTokenRequest,
  zIssueTokenResponse,
  zUpdateChatUserRequest,
} from "./chat-users";
import {
  zAdminMessageBody,
  zBannedPage,
  zBannedUser,
  zChannelDetailResponse,
  zDashboardChannel,
  zDashboardChannelsPage,
  zDashboardUpdateChannelRequest,
  zDeleteMessagesBody,
  zMuteBody,
  zUserIdBody,
  zUserIdsBody,
} from "./dashboard-chat";
import {
  zCreateExportRequest,
  zDataExport,
  zDataExportResponse,
  zDataExportsResponse,
  zEraseUserResponse,
  zExportSectionProgress,
} from "./data-export";
import { zThumbnail } from "./media";
import { zMessageSearchResponse, zMessageSearchResult, zSearchHighlight } from "./message-search";
import {
  EXAMPLE_CHANNEL,
  EXAMPLE_CHAT_EVENT,
  EXAMPLE_CHAT_USER,
  EXAMPLE_ERROR,
  EXAMPLE_MESSAGE,
} from "./openapi-examples";
import { zPushDevice, zPushDeviceResponse, zPushDevicesResponse, zRegisterPushTokenRequest } from "./push";
import {
  zChannelPushPreference,
  zChannelPushPreferenceResponse,
  zDoNotDisturb,
  zDoNotDisturbRequest,
  zPushPreferences,
  zPushPreferencesResponse,
  zSetChannelPushPreferenceRequest,
  zUpdatePushPreferencesRequest,
} from "./push-preferences";
import { zReport, zReportRequest, zReportResponse, zUserReportRequest } from "./report-queue";
import {
  zEditScheduledMessageRequest,
  zScheduledMessage,
  zScheduledMessageResponse,
  zScheduledMessagesPage,
  zScheduleMessageRequest,
} from "./scheduled-messages";
import { zMessageTranslation, zMessageTranslationResponse } from "./translation";
import { zEventResendResponse } from "./webhook-listen";
import {
  zChatWebhookSettings,
  zChatWebhookSettingsResponse,
  zUpdateChatWebhookSettingsRequest,
  zWebhookAttempt,
  zWebhookDeliveriesPage,
  zWebhookDelivery,
  zWebhookDeliveryResponse,
  zWebhookEnabled,
  zWebhookRedeliverResponse,
  zWebhookSettings,
  zWebhookSettingsRequest,
  zWebhookSettingsResponse,
  zWebhookTestRequest,
  zWebhookTestResponse,
} from "./webhooks";

/** What the documents say of a named schema: its component name, a description and, for the main ones, an example. */
export interface OpenApiSchemaMeta {
  id: string;
  description: string;
  example?: unknown;
  [key: string]: unknown;
}

/** The field list of the error envelope's `data`: what some codes add (see `ErrorData` in errors.ts). */
export const zErrorData = z.object({
  failedLoginCount: z.number().int().optional(),
  maxFailedLogins: z.number().int().optional(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  reason: z.string().optional(),
  status: z.string().optional(),
  missing: z.array(z.string()).optional(),
  retryAfterSeconds: z.number().int().optional(),
  lastEventId: z.string().optional(),
  retentionSeconds: z.number().int().optional(),
  userIds: z.array(z.string()).optional(),
  rule: z.object({ id: z.string(), name: z.string() }).optional(),
});

/** The body of every answer that is not 2xx: a catalogue code, its message, and what some codes add. */
export const zErrorResponse = z.object({
  code: z.string(),
  message: z.string(),
  data: zErrorData.optional(),
});

type Entry = readonly [z.ZodType, string, string, unknown?];

/** Names both documents share: the error envelope and the plain "done" answer. */
const SHARED: readonly Entry[] = [
  [
    zErrorResponse,
    "ErrorResponse",
    "The answer of every failed call: `code` from the error catalogue, `message` in English for logs, `data` with what some codes add.",
    EXAMPLE_ERROR,
  ],
  [
    zErrorData,
    "ErrorData",
    "What some error codes add: the fields that failed validation (300, 301), seconds to wait (005), the event id to continue from (3140).",
  ],
  [zOk, "Ok", "The call was done; there is nothing more to say."],
];

const CHAT_USERS: readonly Entry[] = [
  [
    zChatUser,
    "ChatUser",
    "An end user of the app, as the app created them or anonymous login made them.",
    EXAMPLE_CHAT_USER,
  ],
  [zChatUserResponse, "ChatUserResponse", "One user."],
  [
    zChatUsersPage,
    "ChatUsersPage",
    "A page of users; pass `nextCursor` back as `cursor` for the next, null on the last.",
  ],
  [zCreateChatUserRequest, "CreateChatUserRequest", "A new user: the app chooses the ID."],
  [zUpdateChatUserRequest, "UpdateChatUserRequest", "What changes of a user; a field left out keeps its value."],
  [zChatLoginRequest, "ChatLoginRequest", "A login with a token the app's server issued or signed for this user."],
  [zAnonymousLoginRequest, "AnonymousLoginRequest", "An anonymous login, for apps that allow it."],
  [zChatSession, "ChatSession", "A chat session: send `sessionToken` as the bearer credential of the user's calls."],
  [zIssueTokenRequest, "IssueTokenRequest", "How long the login token stays valid."],
  [zIssueTokenResponse, "IssueTokenResponse", "A login token to hand to the user's device, and when it expires."],
  [zBlockedUser, "BlockedUser", "A user the caller blocks, with when the block was made."],
  [zBlockedUserResponse, "BlockedUserResponse", "One blocked user."],
  [zBlockedUsersPage, "BlockedUsersPage", "A page of blocked users, most recent first."],
  [
    zBulkUpsertUsersRequest,
    "BulkUpsertUsersRequest",
    "Up to 100 users to create or change, each as `createUser` takes it.",
  ],
  [zBulkUserResult, "BulkUserResult", "What became of one item of a bulk user call."],
  [zBulkUsersResponse, "BulkUsersResponse", "One result per item, in order."],
  [
    zBulkItemError,
    "BulkItemError",
    "Why one item of a bulk call failed: the envelope its own call would have answered.",
  ],
];

const CHAT_CHANNELS: readonly Entry[] = [
  [
    zChannel,
    "Channel",
    "A channel: its settings, members count, last message and, for a member, unread counts.",
    EXAMPLE_CHANNEL,
  ],
  [zChannelResponse, "ChannelResponse", "One channel."],
  [zChannelsPage, "ChannelsPage", "A page of channels; pass `nextCursor` back as `cursor` for the next."],
  [zCreateChannelRequest, "CreateChannelRequest", "A new channel; a private one needs `inviteCode`."],
  [zUpdateChannelRequest, "UpdateChannelRequest", "What changes of a channel; a field left out keeps its value."],
  [zJoinChannelRequest, "JoinChannelRequest", "The invitation code, for a channel that needs one."],
  [zAddMembersRequest, "AddMembersRequest", "Users to add to the channel."],
  [zMuteRequest, "MuteRequest", "How many minutes the member stays muted."],
  [zChangeOwnerRequest, "ChangeOwnerRequest", "The member who becomes the owner."],
  [zMember, "Member", "A member of a channel, with their role and mute."],
  [zMembersPage, "MembersPage", "A page of members."],
  [zSubchannelInfo, "SubchannelInfo", "One subchannel of a super group and how many members it holds."],
  [zSubchannelsResponse, "SubchannelsResponse", "A super group's subchannels, and the caller's own."],
  [zUnreadResponse, "UnreadResponse", "The caller's unread totals over all their channels."],
  [zMarkReadRequest, "MarkReadRequest", "The seq to mark read up to; the latest message when left out."],
  [zMarkDeliveredRequest, "MarkDeliveredRequest", "The highest seq the member's client has received."],
  [zMarkDeliveredResponse, "MarkDeliveredResponse", "The member's delivered mark after the call."],
  [zBulkCreateChannelsRequest, "BulkCreateChannelsRequest", "Up to 100 channels to create, with their members."],
  [zBulkChannelResult, "BulkChannelResult", "What became of one item of a bulk channel call."],
  [zBulkChannelsResponse, "BulkChannelsResponse", "One result per item, in order."],
  [zBulkMembersRequest, "BulkMembersRequest", "Users to add and to remove, 100 in all."],
  [zBulkMemberResult, "BulkMemberResult", "What became of one item of a bulk member call."],
  [zBulkMembersResponse, "BulkMembersResponse", "The channel after the call, and one result per item."],
];

const CHAT_MESSAGES: readonly Entry[] = [
  [
    zMessage,
    "Message",
    "A message of a channel: text, file, custom, admin or poll, with its reactions and thread.",
    EXAMPLE_MESSAGE,
  ],
  [zSender, "Sender", "Who sent a message; null on the app's own (admin) messages."],
  [zFileInfo, "FileInfo", "The file of a file message."],
  [zThumbnail, "Thumbnail", "A thumbnail of an image or of a video's poster frame."],
  [zMessageResponse, "MessageResponse", "One message."],
  [zMessagesResponse, "MessagesResponse", "A page of messages; `hasMore` says whether more lie in the same direction."],
  [zSendMessageRequest, "SendMessageRequest", "A message to send; `clientMessageId` makes a resend safe."],
  [zEditMessageRequest, "EditMessageRequest", "The new text, metadata or both."],
  [zReactionRequest, "ReactionRequest", "A reaction: an emoji or a key the app chooses."],
  [
    zScheduledMessage,
    "ScheduledMessage",
    "A message its sender scheduled: waiting, sent (with the message it became) or failed (with the refusal's code).",
  ],
  [zScheduleMessageRequest, "ScheduleMessageRequest", "A message to send later, and when: 1 minute to 30 days ahead."],
  [zEditScheduledMessageRequest, "EditScheduledMessageRequest", "What changes of a waiting scheduled message."],
  [zScheduledMessageResponse, "ScheduledMessageResponse", "One scheduled message."],
  [zScheduledMessagesPage, "ScheduledMessagesPage", "A page of the caller's scheduled messages, soonest first."],
  [zPoll, "Poll", "A poll carried by a poll message: its options with their counts, and whether it is closed."],
  [zPollOption, "PollOption", "One option of a poll and how many members chose it."],
  [zCreatePollRequest, "CreatePollRequest", "A poll to create: question, 2 to 10 options and how it is answered."],
  [zPollVoteRequest, "PollVoteRequest", "The caller's whole choice, replacing any earlier vote."],
  [zPollResponse, "PollResponse", "One poll as it is now."],
  [zPollVoter, "PollVoter", "A member who chose an option, and when."],
  [zPollVotersResponse, "PollVotersResponse", "A page of one option's voters, earliest first."],
  [zMessageSearchResult, "MessageSearchResult", "One found message and where the query occurs in its text."],
  [zSearchHighlight, "SearchHighlight", "Where the query occurs in a message's text, in UTF-16 code units."],
  [zMessageSearchResponse, "MessageSearchResponse", "Found messages, newest first."],
  [zMessageTranslation, "MessageTranslation", "A message's text in another language."],
  [zMessageTranslationResponse, "MessageTranslationResponse", "One translation."],
  [
    zChatEvent,
    "ChatEvent",
    "A real-time event, as the WebSocket delivers it; `id` increases across the app.",
    EXAMPLE_CHAT_EVENT,
  ],
  [zEventsResponse, "EventsResponse", "The events after a cursor, oldest first."],
  [zReportRequest, "ReportRequest", "Why the caller reports a message."],
  [zUserReportRequest, "UserReportRequest", "Why the caller reports a user, and the channel where it happened."],
  [zReport, "Report", "A report as its reporter made it."],
  [zReportResponse, "ReportResponse", "The caller's report; reporting the same target again gives back the first."],
];

const CHAT_DEVICES_AND_CALLS: readonly Entry[] = [
  [zRegisterPushTokenRequest, "RegisterPushTokenRequest", "A device's push token and whose it is (FCM or APNs)."],
  [zPushDevice, "PushDevice", "A device of the signed-in user that receives pushes."],
  [zPushDeviceResponse, "PushDeviceResponse", "One device."],
  [zPushDevicesResponse, "PushDevicesResponse", "The signed-in user's devices."],
  [zDoNotDisturb, "DoNotDisturb", "Quiet hours every day in the user's time zone, from start up to end."],
  [zDoNotDisturbRequest, "DoNotDisturbRequest", "Quiet hours to set: from start up to end, the two different."],
  [zPushPreferences, "PushPreferences", "Which pushes reach a user: their level, quiet hours and snooze."],
  [zPushPreferencesResponse, "PushPreferencesResponse", "A user's push preferences."],
  [
    zUpdatePushPreferencesRequest,
    "UpdatePushPreferencesRequest",
    "What changes of a user's push preferences; a field left out keeps its value, null clears it.",
  ],
  [zChannelPushPreference, "ChannelPushPreference", "A member's push mode for one channel."],
  [zSetChannelPushPreferenceRequest, "SetChannelPushPreferenceRequest", "The push mode to set for one channel."],
  [zChannelPushPreferenceResponse, "ChannelPushPreferenceResponse", "A member's push preference for a channel."],
  [zStartCallRequest, "StartCallRequest", "Whom to call, by voice or video."],
  [zEndCallRequest, "EndCallRequest", "Why the call ends."],
  [zCall, "Call", "A one-to-one call and its state."],
  [zCallResponse, "CallResponse", "One call."],
  [zCallsPage, "CallsPage", "A page of the caller's calls, newest first."],
  [zIceServer, "IceServer", "A STUN or TURN server, as `RTCPeerConnection` takes it."],
  [
    zIceServersResponse,
    "IceServersResponse",
    "The servers to connect a call through, and how long their credentials last.",
  ],
];

const CHAT_WEBHOOKS: readonly Entry[] = [
  [zEventResendResponse, "EventResendResponse", "The event sent again to the app's webhook listeners."],
  [zChatWebhookSettings, "ChatWebhookSettings", "The app's webhook address, events and switch."],
  [zChatWebhookSettingsResponse, "ChatWebhookSettingsResponse", "The webhook settings."],
  [
    zUpdateChatWebhookSettingsRequest,
    "UpdateChatWebhookSettingsRequest",
    "What changes of the webhook settings; a field left out keeps its value.",
  ],
];

const DASHBOARD: readonly Entry[] = [
  [zApp, "App", "An app of the account."],
  [zAppResponse, "AppResponse", "One app."],
  [zAppsResponse, "AppsResponse", "The account's apps."],
  [zCreateAppRequest, "AppNameRequest", "The app's name, unique in the account."],
  [zApiKey, "ApiKey", "An API key of the app; its secret is shown only when it is made."],
  [zApiKeysResponse, "ApiKeysResponse", "The app's API keys."],
  [zCreateApiKeyRequest, "CreateApiKeyRequest", "A label for the new key."],
  [zCreateApiKeyResponse, "CreateApiKeyResponse", "The new key and its secret, shown this once."],
  [zWebhookEnabled, "WebhookEnabled", "Whether the app sends webhooks."],
  [zWebhookSettingsRequest, "WebhookSettingsRequest", "Where webhooks go and which events they carry."],
  [zWebhookSettings, "WebhookSettings", "The app's webhook address, events and signing secret."],
  [zWebhookSettingsResponse, "WebhookSettingsResponse", "The webhook settings."],
  [zWebhookTestRequest, "WebhookTestRequest", "The event to send a sample of."],
  [zWebhookAttempt, "WebhookAttempt", "One try at delivering a webhook, and what the receiver answered."],
  [zWebhookDelivery, "WebhookDelivery", "One webhook delivery and its state."],
  [zWebhookTestResponse, "WebhookTestResponse", "The test delivery."],
  [zWebhookRedeliverResponse, "WebhookRedeliverResponse", "The new delivery of the same event."],
  [zWebhookDeliveriesPage, "WebhookDeliveriesPage", "A page of the webhook log, newest first."],
  [zWebhookDeliveryResponse, "WebhookDeliveryResponse", "One delivery with its attempts."],
  [zDashboardChannel, "DashboardChannel", "A channel as the dashboard lists it, with the brand of a brand channel."],
  [zDashboardChannelsPage, "DashboardChannelsPage", "A page of the app's channels."],
  [zChannelDetailResponse, "ChannelDetailResponse", "One channel with its invitation code and subchannel settings."],
  [
    zDashboardUpdateChannelRequest,
    "DashboardUpdateChannelRequest",
    "What changes of a channel, as its app may change it.",
  ],
  [zUserIdBody, "UserIdBody", "One user of the app."],
  [zUserIdsBody, "UserIdsBody", "Users of the app."],
  [zMuteBody, "MuteBody", "The member to mute and for how many minutes."],
  [zAdminMessageBody, "AdminMessageBody", "The text of an admin message."],
  [zDeleteMessagesBody, "DeleteMessagesBody", "The messages to delete."],
  [zBannedUser, "BannedUser", "A user banned from a channel."],
  [zBannedPage, "BannedPage", "A page of banned users."],
  [zCreateExportRequest, "CreateExportRequest", "What to export and in what period."],
  [zExportSectionProgress, "ExportSectionProgress", "How far one part of an export has come."],
  [zDataExport, "DataExport", "A data export, its progress and, when done, its download."],
  [zDataExportResponse, "DataExportResponse", "One export."],
  [zDataExportsResponse, "DataExportsResponse", "The app's exports, newest first."],
  [zEraseUserResponse, "EraseUserResponse", "What erasing the user removed."],
  [zAuditChange, "AuditChange", "One field a change set, before and after."],
  [zAuditEntry, "AuditEntry", "One entry of the audit log: who did what, from where, with what answer."],
  [zAuditPage, "AuditPage", "A page of the audit log, newest first."],
];

function registryOf(...groups: (readonly Entry[])[]) {
  const registry = z.registry<OpenApiSchemaMeta>();
  for (const [schema, id, description, example] of groups.flat()) {
    registry.add(schema, example === undefined ? { id, description } : { id, description, example });
  }
  return registry;
}

/** The chat API's (`/v1`) named schemas. */
export const chatApiSchemas = registryOf(
  SHARED,
  CHAT_USERS,
  CHAT_CHANNELS,
  CHAT_MESSAGES,
  CHAT_WEBHOOKS,
  CHAT_DEVICES_AND_CALLS,
);

/**
 * The dashboard API's named schemas, for the parts its document covers. The chat's user, channel and message shapes
 * are named as in the chat API, since the dashboard answers with them.
 */
export const dashboardApiSchemas = registryOf(SHARED, CHAT_USERS, CHAT_CHANNELS, CHAT_MESSAGES, DASHBOARD);
