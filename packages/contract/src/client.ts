/**
 * `@parley/contract/client`: what an end user's app needs of the contract. At run time it holds only the chat API's
 * paths, protocol constants and the error catalogue, never a zod schema, so a bundle that imports it (the SDK's)
 * carries no zod; everything else here is a type. Servers and the web app import the package root instead.
 */
export type {
  TCall,
  TCallEvent,
  TCallKind,
  TCallState,
  TCallsPage,
  TIceServer,
  TIceServersResponse,
} from "./calls";
export type {
  TAckFrame,
  TBlockedUser,
  TBlockedUsersPage,
  TChannel,
  TChannelsPage,
  TChatEvent,
  TChatEventType,
  TChatSession,
  TChatUser,
  TClientFrame,
  TCreateChannelRequestInput,
  TCreatePollRequestInput,
  TDeliveredFrame,
  TEditMessageRequest,
  TEventsResponse,
  TMember,
  TMembersPage,
  TMessage,
  TMessageSendFrameInput,
  TMessagesResponse,
  TPoll,
  TPollOption,
  TPollVoter,
  TPollVotersResponse,
  TSendMessageRequestInput,
  TServerFrame,
  TSubchannelInfo,
  TSubchannelsResponse,
  TTransientEvent,
  TTransientEventType,
  TUnreadResponse,
  TUpdateChannelRequestInput,
  TUpdateChatUserRequestInput,
} from "./chat";
export * from "./chat-constants";
export type { TFileInfo } from "./chat-messages";
export { type ErrorCode, type ErrorData, isErrorCode, statusOf } from "./errors";
export { IDEMPOTENCY_KEY_HEADER } from "./idempotency-header";
export type { TLinkPreview } from "./link-previews";
export type { TLiveEvent, TLiveFrame } from "./live";
export type { TMediaState, TThumbnail } from "./media";
export type { TMessageSearchResponse, TMessageSearchResult, TSearchHighlight } from "./message-search";
export { fillPath } from "./paths";
export type { TPermission } from "./permission-names";
export type { TPushDevice, TPushPlatform, TPushProvider } from "./push";
export type {
  TChannelPushMode,
  TChannelPushPreference,
  TDoNotDisturb,
  TPushLevel,
  TPushPreferences,
  TUpdatePushPreferencesRequest,
} from "./push-preferences";
export type { TReport, TReportRequestInput, TUserReportRequestInput } from "./report-queue";
export type { TAppRole, TChannelRole } from "./roles";
export type {
  TEditScheduledMessageRequest,
  TScheduledMessage,
  TScheduledMessageStatus,
  TScheduledMessagesPage,
} from "./scheduled-messages";
export type { TMessageTranslation } from "./translation";
export type { TEventResendResponse, TWebhookListenEvent, TWebhookListenFrame } from "./webhook-listen";
export type { TAnyWebhookPayload, TWebhookEvent } from "./webhooks";
