import { formatTime, useMembers, useMessages, useReceipts } from "@parley/react/headless";
import type { TMessage } from "@parley/sdk";
import { KeyboardAvoidingView, Platform, View } from "react-native";
import { useNativeContext } from "../context";
import { useStrings } from "../use-strings";
import { Composer } from "./composer";
import { ErrorLine } from "./error-line";
import { KitText } from "./kit-text";
import { MessageListView } from "./message-list";
import { OfflineBanner } from "./offline-banner";
import { ScreenHeader } from "./screen-header";
import { useChannelRecord } from "./use-channel-record";

export interface ThreadScreenProps {
  channelId: string;
  /** The message the thread answers. */
  parentId: string;
  /** The parent message as the channel showed it, drawn above the replies. */
  parent?: TMessage;
  onBack?: () => void;
}

/** A message's thread: the parent above, its replies (the user's own with their receipts), and a box that replies. */
export function ThreadScreen(props: ThreadScreenProps) {
  const { channelId, parentId, parent } = props;
  const { tokens, insets } = useNativeContext();
  const { t, language } = useStrings();
  const state = useMessages(channelId, { threadOf: parentId });
  const members = useMembers(channelId);
  // The screen is opened by IDs alone: the channel's type, which says whether it keeps receipts, comes with its record.
  const channel = useChannelRecord(channelId);
  const receipts = useReceipts(channel ?? { id: channelId, type: "open" });

  return (
    <KeyboardAvoidingView
      behavior={Platform.OS === "ios" ? "padding" : undefined}
      style={{ flex: 1, backgroundColor: tokens.background }}
    >
      <ScreenHeader title={t("thread.title")} {...(props.onBack ? { onBack: props.onBack } : {})} />
      <OfflineBanner />
      <ErrorLine error={state.error} onDismiss={() => state.setError(null)} />
      <View style={{ flex: 1, paddingLeft: insets.left, paddingRight: insets.right }}>
        <MessageListView
          channelId={channelId}
          messages={state}
          members={members}
          receipt={receipts.of}
          {...(parent
            ? {
                header: (
                  <View
                    testID="thread-parent"
                    style={{ padding: 12, borderBottomWidth: 1, borderBottomColor: tokens.border, gap: 2 }}
                  >
                    <KitText style={{ fontWeight: "700" }}>
                      {parent.sender?.nickname ?? t("chat.unknown")}{" "}
                      <KitText tone="muted" size={12}>
                        {formatTime(parent.createdAt, language)}
                      </KitText>
                    </KitText>
                    <KitText>{parent.text}</KitText>
                  </View>
                ),
              }
            : {})}
        />
      </View>
      <View
        style={{
          paddingBottom: insets.bottom,
          paddingLeft: insets.left,
          paddingRight: insets.right,
          backgroundColor: tokens.surface,
        }}
      >
        <Composer
          channelId={channelId}
          messages={state}
          members={members}
          placeholder={t("composer.placeholderThread")}
          canAttach={false}
        />
      </View>
    </KeyboardAvoidingView>
  );
}
