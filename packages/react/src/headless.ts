/**
 * `@parley/react/headless`: the kit without its DOM. The provider's context, the hooks that read the client, the
 * helpers they stand on and the strings, for a renderer of your own (React Native's kit is one). Nothing on this path
 * touches `window` or `document`; the web kit's components, its provider and `useUnreadTitle` stay in the main entry.
 */
export type { ChatClient } from "./client";
export { type CallsState, ParleyContext, type ParleyContextValue, useParleyContext } from "./context";
export { useCall, useCallState, useCallsState } from "./hooks/use-call";
export { useChannel } from "./hooks/use-channel";
export { type ChannelEntry, useChannels } from "./hooks/use-channels";
export { useConnection } from "./hooks/use-connection";
export { nicknames, useMembers } from "./hooks/use-members";
export { type MessagesState, type PendingMessage, type UseMessagesOptions, useMessages } from "./hooks/use-messages";
export {
  useClientEvent,
  useCurrentUser,
  useMyUserId,
  useParley,
  useParleyEvent,
  useStrings,
} from "./hooks/use-parley";
export { usePushPreferences } from "./hooks/use-push-preferences";
export { useReceipts } from "./hooks/use-receipts";
export { useSavedSetting } from "./hooks/use-saved-setting";
export { type ScheduledState, useScheduledMessages } from "./hooks/use-scheduled";
export { useSlowMode } from "./hooks/use-slow-mode";
export { useTyping } from "./hooks/use-typing";
export { useUnread } from "./hooks/use-unread";
export { en } from "./i18n/en";
export { ko } from "./i18n/ko";
export {
  createTranslator,
  type Dictionary,
  dictionaries,
  type Entry,
  LANGUAGE_NAMES,
  LANGUAGES,
  type Language,
  languageOf,
  type MessageKey,
  type Translate,
} from "./i18n/translate";
export { channelTitle, directPeer, isDirect, openDirectChannel } from "./lib/direct";
export { describeCode, describeError } from "./lib/errors";
export { formatDuration, formatFileSize, formatTime } from "./lib/format";
export { mentionedIn, mentionQuery, type Segment, splitMentions } from "./lib/mentions";
export {
  isThreadOnly,
  updateMessage,
  upsertMessages,
  withLatestCopy,
  withOwnReaction,
  withReaction,
} from "./lib/message-state";
export {
  NEW_CHANNEL_TYPE_HINTS,
  NEW_CHANNEL_TYPE_LABELS,
  NEW_CHANNEL_TYPES,
  type NewChannel,
  type NewChannelType,
  newChannel,
} from "./lib/new-channel";
export {
  defaultScheduleTime,
  formatScheduledAt,
  fromLocalInput,
  SCHEDULE_MAX_AHEAD_MS,
  SCHEDULE_MIN_AHEAD_MS,
  scheduleBounds,
  toLocalInput,
} from "./lib/schedule-time";
export { barsToDraw, RECORDING_TYPES, recordingFileName, secondsOf, waveformFromLevels } from "./lib/voice";
/**
 * An in-memory client with the events a server would send, for tests and storybooks of a renderer on this entry. It
 * needs no DOM, and a bundle that does not name it leaves it out.
 */
export {
  FakeClient,
  type FakeNetwork,
  makeChannel,
  makeMember,
  makeMessage,
  makePollMessage,
  makeUser,
} from "./testing/fake-client";
/** The SDK's real offline layer, in memory, on a fake client: for tests of a renderer's pending and failed states. */
export { attachOffline, closeOfflineStores } from "./testing/offline";
