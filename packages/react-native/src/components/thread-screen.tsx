import { formatTime, useMembers, useMessages } from "@parley/react/headless";
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

export interface ThreadScreenProps {
  channelId: string;
  /** The message the thread answers. */
  parentId: string;
  /** The parent message as the channel showed it, drawn above the replies. */
  parent?: TMessage;
  onBack?: () => void;
}

/** A message's thread: the parent above, its replies, and a box that replies to it. */
export function ThreadScreen(props: ThreadScreenProps) {
  const { channelId, parentId, parent } = props;
  const { tokens, insets } = useNativeContext();
  const { t, language } = useStrings();
  const state = useMessages(channelId, { threadOf: parentId });
  const members = useMembers(channelId);

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
