/**
 * `@parley/react`: a React UI kit on `@parley/sdk`. Wrap the app in {@link ParleyProvider} with a signed-in client,
 * import `@parley/react/styles.css`, and render {@link Chat}, or compose the parts and hooks yourself.
 */
export type { ChatClient } from "./client";
export { CallHistory } from "./components/calls/call-history";
export { CallLayer } from "./components/calls/call-layer";
export { Channel, ChannelError, ChannelLayout, type ChannelProps } from "./components/channel/channel";
export {
  type ChannelContextValue,
  type ChannelSide,
  type MessageActions,
  useChannelContext,
} from "./components/channel/channel-context";
export { ChannelHeader } from "./components/channel/channel-header";
export { PinnedBar } from "./components/channel/pinned-bar";
export { ChannelList, type ChannelListProps } from "./components/channel-list/channel-list";
export { Chat, type ChatProps } from "./components/chat";
export { Composer, ComposerBox, type ComposerBoxProps, type ComposerProps } from "./components/composer/composer";
export { ScheduleForm } from "./components/composer/schedule-form";
export { ScheduledMessages } from "./components/composer/scheduled-list";
export { TypingIndicator } from "./components/composer/typing-indicator";
export { LanguageSwitch } from "./components/language-switch";
export { Avatar } from "./components/members/avatar";
export { ChannelNotifications } from "./components/members/channel-notifications";
export { MembersPanel } from "./components/members/members-panel";
export { EMOTE_TYPE, MessageItem, type MessageItemProps } from "./components/message-list/message-item";
export {
  ESTIMATED_ROW_PX,
  MessageList,
  MessageListView,
  type MessageListViewProps,
} from "./components/message-list/message-list";
export { QUICK_REACTIONS, ReactionPicker, Reactions } from "./components/message-list/reactions";
export { VoiceMessage } from "./components/message-list/voice-message";
export { ChoiceGroup } from "./components/settings/choice-group";
export { PushSettings } from "./components/settings/push-settings";
export { ThreadPanel } from "./components/thread/thread-panel";
export { type CallsState, useCall, useCallState } from "./hooks/use-call";
export { useChannel } from "./hooks/use-channel";
export { type ChannelEntry, useChannels } from "./hooks/use-channels";
export { useConnection } from "./hooks/use-connection";
export { nicknames, useMembers } from "./hooks/use-members";
export { type MessagesState, type PendingMessage, type UseMessagesOptions, useMessages } from "./hooks/use-messages";
export { useCurrentUser, useMyUserId, useParley, useParleyEvent, useStrings } from "./hooks/use-parley";
export { useReceipts } from "./hooks/use-receipts";
export { type ScheduledState, useScheduledMessages } from "./hooks/use-scheduled";
export { useSlowMode } from "./hooks/use-slow-mode";
export { useTyping } from "./hooks/use-typing";
export { useUnread } from "./hooks/use-unread";
export { useUnreadTitle } from "./hooks/use-unread-title";
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
export { createFileUploader, type FileUploader, type UploadRequest } from "./lib/upload";
export { ParleyProvider, type ParleyProviderProps } from "./provider";
export {
  darkTheme,
  lightTheme,
  type ParleyTheme,
  THEME_VARIABLES,
  type ThemeVariable,
  type ThemeVariables,
  themeVariables,
} from "./theme/themes";
