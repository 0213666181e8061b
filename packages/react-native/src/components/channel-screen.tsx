import {
  channelTitle,
  directPeer,
  nicknames,
  useCall,
  useMembers,
  useMessages,
  useMyUserId,
  useParley,
  useReceipts,
  useScheduledMessages,
} from "@parley/react/headless";
import type { TMessage } from "@parley/sdk";
import { useMemo, useState } from "react";
import { KeyboardAvoidingView, Platform, View } from "react-native";
import { useNativeContext } from "../context";
import { useStrings } from "../use-strings";
import { Composer } from "./composer";
import { ErrorLine } from "./error-line";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";
import { MessageListView } from "./message-list";
import { hasNotificationSettings, NotificationSettings } from "./notification-settings";
import { OfflineBanner } from "./offline-banner";
import { ScheduledMessages } from "./scheduled-list";
import { ScreenHeader } from "./screen-header";
import { TypingLine } from "./typing-line";
import { useChannelRecord } from "./use-channel-record";

export interface ChannelScreenProps {
  channelId: string;
  /** Shows a Back button that calls it. */
  onBack?: () => void;
  /** Opens a message's thread (with the message as shown); without it, threads are not offered. */
  onOpenThread?: (messageId: string, message: TMessage) => void;
}

/**
 * One channel on a phone: its header (Back, title, members, the notification settings, and call buttons in a 1:1
 * chat), the offline banner, the messages with their receipts, who is typing, the user's scheduled messages, and the
 * message box (with polls and Schedule) above the keyboard, all inside the safe area.
 */
export function ChannelScreen(props: ChannelScreenProps) {
  const { channelId } = props;
  const me = useMyUserId();
  const { tokens, insets } = useNativeContext();
  const { t } = useStrings();
  const channel = useChannelRecord(channelId);
  const state = useMessages(channelId);
  const members = useMembers(channelId);
  const names = useMemo(() => nicknames(members), [members]);
  const { start } = useCall();
  // Until the record arrives the channel counts as open, which keeps no receipts: no ticks, and no marks asked for.
  const receipts = useReceipts(channel ?? { id: channelId, type: "open" });
  const scheduled = useScheduledMessages(channelId);
  const title = channel ? channelTitle(channel, me) : "";
  const peer = channel ? directPeer(channel, me) : null;
  const notifications = hasNotificationSettings(useParley());
  const [settingsOpen, setSettingsOpen] = useState(false);

  return (
    <KeyboardAvoidingView
      behavior={Platform.OS === "ios" ? "padding" : undefined}
      style={{ flex: 1, backgroundColor: tokens.background }}
    >
      <ScreenHeader
        title={title}
        {...(channel && !peer ? { subtitle: t("channels.members", { count: channel.memberCount }) } : {})}
        {...(props.onBack ? { onBack: props.onBack } : {})}
        actions={
          <View style={{ flexDirection: "row" }}>
            {notifications && (
              <KitButton label={t("push.open")} onPress={() => setSettingsOpen(true)} testID="notifications-button">
                <KitText tone="accent" size={20} importantForAccessibility="no">
                  🔔
                </KitText>
              </KitButton>
            )}
            {peer && (
              <>
                <KitButton
                  label={t("call.voiceCall")}
                  hint={t("call.voiceWith", { name: peer.nickname })}
                  onPress={() => void start(peer.userId, false)}
                >
                  <KitText tone="accent" size={20} importantForAccessibility="no">
                    📞
                  </KitText>
                </KitButton>
                <KitButton
                  label={t("call.videoCall")}
                  hint={t("call.videoWith", { name: peer.nickname })}
                  onPress={() => void start(peer.userId, true)}
                >
                  <KitText tone="accent" size={20} importantForAccessibility="no">
                    🎥
                  </KitText>
                </KitButton>
              </>
            )}
          </View>
        }
      />
      {settingsOpen && <NotificationSettings channelId={channelId} onClose={() => setSettingsOpen(false)} />}
      <OfflineBanner />
      <ErrorLine error={state.error} onDismiss={() => state.setError(null)} />
      <View style={{ flex: 1, paddingLeft: insets.left, paddingRight: insets.right }}>
        <MessageListView
          channelId={channelId}
          messages={state}
          members={members}
          receipt={receipts.of}
          {...(props.onOpenThread ? { onOpenThread: props.onOpenThread } : {})}
        />
        <TypingLine channelId={channelId} names={names} />
      </View>
      <View
        testID="composer-area"
        style={{
          paddingBottom: insets.bottom,
          paddingLeft: insets.left,
          paddingRight: insets.right,
          backgroundColor: tokens.surface,
        }}
      >
        {scheduled.available && <ScheduledMessages state={scheduled} />}
        <Composer
          channelId={channelId}
          messages={state}
          members={members}
          allowPolls
          {...(scheduled.available ? { onSchedule: scheduled.schedule } : {})}
          placeholder={
            peer
              ? t("composer.placeholderDirect", { name: peer.nickname })
              : t("composer.placeholder", { channel: title })
          }
          {...(channel?.isFrozen ? { disabledReason: t("composer.frozen") } : {})}
        />
      </View>
    </KeyboardAvoidingView>
  );
}
