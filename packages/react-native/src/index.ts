/**
 * `@parley/react-native`: a React Native UI kit on `@parley/sdk`. Wrap the app in {@link ParleyProvider} with a
 * signed-in client and render {@link Chat}, or compose the screens, components and hooks yourself. The hooks are the
 * web kit's (`@parley/react`), bundled in; they need no DOM.
 */
export {
  type CallsState,
  type ChannelEntry,
  type ChatClient,
  channelTitle,
  createTranslator,
  type Dictionary,
  describeError,
  dictionaries,
  directPeer,
  en,
  isDirect,
  ko,
  LANGUAGES,
  type Language,
  type MessageKey,
  type MessagesState,
  nicknames,
  openDirectChannel,
  type PendingMessage,
  type ScheduledState,
  type UseMessagesOptions,
  useCall,
  useCallState,
  useChannel,
  useChannels,
  useConnection,
  useCurrentUser,
  useMembers,
  useMessages,
  useMyUserId,
  useParley,
  useParleyEvent,
  useReceipts,
  useScheduledMessages,
  useTyping,
  useUnread,
} from "@parley/react/headless";
export { Avatar } from "./components/avatar";
export { CallScreen } from "./components/call-screen";
export { ChannelList, type ChannelListProps } from "./components/channel-list";
export { ChannelScreen, type ChannelScreenProps } from "./components/channel-screen";
export { Chat, type ChatProps } from "./components/chat";
export { ChoiceList } from "./components/choice-list";
export { Composer, type ComposerProps } from "./components/composer";
export { CreateChannelForm } from "./components/create-channel-form";
export { FileAttachment, imageBox, pickThumbnail } from "./components/file-attachment";
export { KitButton, type KitButtonProps } from "./components/kit-button";
export { KitCheckbox } from "./components/kit-checkbox";
export { KitText, type KitTextProps } from "./components/kit-text";
export { LinkPreviewCard, type LinkPreviewCardProps } from "./components/link-preview";
export { listRows, MessageList, type MessageListProps, type MessageListRow } from "./components/message-list";
export { hasNotificationSettings, NotificationSettings } from "./components/notification-settings";
export { OfflineBanner } from "./components/offline-banner";
export { PollCard } from "./components/poll-card";
export { PollButton } from "./components/poll-form";
export { QUICK_REACTIONS } from "./components/reactions";
export { ReceiptMark } from "./components/receipt-mark";
export { ScheduleForm, ScheduleTimeField } from "./components/schedule-form";
export { ScheduledMessages } from "./components/scheduled-list";
export { Sheet } from "./components/sheet";
export { ThreadScreen, type ThreadScreenProps } from "./components/thread-screen";
export { VoiceRow } from "./components/voice-row";
export {
  type NativeContextValue,
  type PickedAttachment,
  type PickScheduleTime,
  type PlayVoice,
  type SafeAreaInsets,
  useTheme,
  type VideoViewComponent,
} from "./context";
export { ParleyProvider, type ParleyProviderProps } from "./provider";
export {
  createNativeTranslator,
  type NativeKey,
  type NativeTranslate,
  nativeDictionaries,
  type StringKey,
  type StringOverrides,
} from "./strings";
export { darkTokens, lightTokens, type ParleyTheme, resolveTheme, type ThemeTokens } from "./theme";
export { useStrings } from "./use-strings";
