/**
 * `@parley/sdk`: the chat client of the Parley API for browsers, Node and React Native. Start with {@link ParleyClient}.
 */
export type {
  ErrorCode,
  ErrorData,
  TBlockedUser,
  TBlockedUsersPage,
  TCall,
  TCallEvent,
  TCallEventType,
  TCallKind,
  TCallState,
  TCallsPage,
  TChannel,
  TChannelPushMode,
  TChannelPushPreference,
  TChannelsPage,
  TChatEvent,
  TChatEventType,
  TChatUser,
  TDoNotDisturb,
  TEditMessageRequest,
  TEventsResponse,
  TFileInfo,
  TIceServer,
  TIceServersResponse,
  TLinkPreview,
  TMediaState,
  TMember,
  TMembersPage,
  TMessage,
  TMessageSearchResponse,
  TMessageSearchResult,
  TMessagesResponse,
  TMessageTranslation,
  TPermission,
  TPoll,
  TPollOption,
  TPollVoter,
  TPollVotersResponse,
  TPushDevice,
  TPushLevel,
  TPushPlatform,
  TPushPreferences,
  TPushProvider,
  TReport,
  TReportReason,
  TScheduledMessage,
  TScheduledMessageStatus,
  TScheduledMessagesPage,
  TSearchHighlight,
  TSubchannelInfo,
  TSubchannelsResponse,
  TThumbnail,
  TTransientEvent,
  TTransientEventType,
  TUnreadResponse,
  TUpdatePushPreferencesRequest,
} from "@parley/contract/client";
export {
  MISSED_CALL_CUSTOM_TYPE,
  REPORT_REASONS,
  VOICE_DURATION_MAX_MS,
  VOICE_LEVEL_MAX,
  VOICE_WAVEFORM_MAX,
} from "@parley/contract/client";
export {
  type ChannelListOptions,
  ChannelsApi,
  type CreateChannelInput,
  type HistoryOptions,
  MembersApi,
  MessagesApi,
  type PageOptions,
  type SearchOptions,
  type SendOptions,
  type UpdateChannelInput,
  type UpdateMeInput,
} from "./apis";
export {
  Call,
  type CallEventMap,
  type CallOptions,
  CallsApi,
  type StartCallOptions,
  type WebRtcImplementation,
} from "./calls";
export { type ClientExtension, ParleyClient, type ParleyClientOptions } from "./client";
export type { ClientHost, PlatformState, SessionChange } from "./client-host";
export { isParleyError, ParleyConnectionError, ParleyError } from "./errors";
export type { FileInput, SendFileOptions, VoiceRecording } from "./file-input";
export { PresenceApi, type PresenceState, TypingApi } from "./live";
export type {
  AnswerSource,
  Cached,
  CachedMessages,
  MessageRef,
  OfflineApi,
  OfflineEventMap,
  OutboxAction,
  OutboxItem,
  OutboxState,
  QueuedFile,
} from "./offline-api";
export type { AppActivity, AppStateMonitor, NetworkMonitor } from "./platform";
export { type CreatePollInput, PollsApi } from "./polls";
export {
  type NetInfoModule,
  type NetInfoStateLike,
  netInfoNetwork,
  type ReactNativeAppStateModule,
  reactNativeAppState,
} from "./react-native";
export type { ReconnectOptions } from "./realtime";
export { DELIVERED_THROTTLE_MS, type MessageReceipt, ReceiptsApi } from "./receipts";
export {
  type ScheduledListOptions,
  type ScheduledMessageChanges,
  ScheduledMessagesApi,
  type ScheduleOptions,
} from "./scheduled";
export { paced, type SendPacer, SlowModeApi } from "./slow-mode";
export type {
  CallEventOf,
  ChatEventOf,
  ConnectionChange,
  ConnectionState,
  ConnectionWait,
  ParleyEventMap,
  ParleyListener,
  ResyncRequired,
  SocketHandler,
  TransientEventOf,
  UnreadChange,
  UnreadCounts,
  WebSocketConstructor,
  WebSocketLike,
} from "./types";
export { UnreadApi } from "./unread";
export { EventsApi, MeApi, UsersApi } from "./users";
