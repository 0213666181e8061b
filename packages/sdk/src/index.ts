/**
 * `@parley/sdk`: the chat client of the Parley API for browsers and Node. Start with {@link ParleyClient}.
 */
export type {
  TChannel,
  TChannelsPage,
  TChatEvent,
  TChatEventType,
  TChatUser,
  TEventsResponse,
  TMember,
  TMembersPage,
  TMessage,
  TMessagesResponse,
  TMessageTranslation,
  TPushDevice,
  TPushPlatform,
  TSubchannelInfo,
  TSubchannelsResponse,
} from "@parley/contract";
export {
  type ChannelListOptions,
  ChannelsApi,
  type CreateChannelInput,
  EventsApi,
  type HistoryOptions,
  MeApi,
  MembersApi,
  MessagesApi,
  type PageOptions,
  ParleyClient,
  type ParleyClientOptions,
  type UpdateChannelInput,
  type UpdateMeInput,
} from "./client";
export { isParleyError, ParleyConnectionError, ParleyError } from "./errors";
export type { ReconnectOptions } from "./realtime";
export type {
  ChatEventOf,
  ConnectionChange,
  ConnectionState,
  ParleyEventMap,
  ParleyListener,
  SocketHandler,
  WebSocketConstructor,
  WebSocketLike,
} from "./types";
