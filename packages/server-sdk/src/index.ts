/**
 * `@parley/server`: the Parley API for an app's Node.js backend. {@link ParleyServer} calls the chat API with the
 * app's API key; {@link signLoginToken} and {@link verifyWebhook} work without a call.
 */
export type {
  ErrorCode,
  ErrorData,
  TAnyWebhookPayload,
  TBulkChannelItemInput,
  TBulkChannelResult,
  TBulkChannelsResponse,
  TBulkItemError,
  TBulkMemberResult,
  TBulkMembersResponse,
  TBulkUserItemInput,
  TBulkUserResult,
  TBulkUsersResponse,
  TCallWebhookPayload,
  TChannel,
  TChannelsPage,
  TChannelType,
  TChatEvent,
  TChatUser,
  TChatUsersPage,
  TCreateChannelRequestInput,
  TCreateChatUserRequestInput,
  TIssueTokenResponse,
  TMember,
  TMemberRoleState,
  TMembersPage,
  TMessage,
  TMessagesResponse,
  TPermission,
  TPermissionMatrix,
  TReportWebhookPayload,
  TRole,
  TSendMessageRequestInput,
  TSetPermissionMatrixRequestInput,
  TShadowBanState,
  TUpdateChannelRequestInput,
  TUpdateChatUserRequestInput,
  TUserRoleState,
  TWebhookPayload,
} from "@parley/contract";
export { Channels, type CreateChannelInput, Members, Moderation } from "./channels";
export { ParleyServer, type ParleyServerOptions } from "./client";
export { isParleyError, ParleyConnectionError, ParleyError } from "./errors";
export type { RetryOptions } from "./http";
export type { HistoryOptions, MessageInput, Messages } from "./messages";
export { Permissions, Roles } from "./roles";
export { type SigningKey, type SignLoginTokenOptions, signLoginToken } from "./signing";
export type { Tokens } from "./tokens";
export type { ListOptions, Users } from "./users";
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookHeaders,
  WebhookVerificationError,
} from "./webhooks";
