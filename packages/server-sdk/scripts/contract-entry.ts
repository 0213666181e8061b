/**
 * What the server SDK takes from the contract: values from its zod-free entry (`@parley/contract/client`), which
 * esbuild bundles, and types from its root. The build prints these without zod (the repository's
 * `scripts/contract-declarations.ts`) and bundles the SDK's declarations against that file, so the package depends on
 * no workspace package. A name the SDK's source imports from the contract and this list lacks stops the build.
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
  TChatSession,
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
export {
  CHAT_API_PREFIX,
  chatApi,
  fillPath,
  IDEMPOTENCY_KEY_HEADER,
  isErrorCode,
  LOGIN_TOKEN_TTL_DEFAULT_SECONDS,
  LOGIN_TOKEN_TTL_MAX_SECONDS,
  statusOf,
} from "@parley/contract/client";
