import type { TMessage } from "@parley/sdk";
import { Modal, Pressable, View } from "react-native";
import { useNativeContext } from "../context";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";
import { QUICK_REACTIONS } from "./reactions";

export interface MessageActionHandlers {
  react: (message: TMessage, reaction: string) => void;
  openThread?: (message: TMessage) => void;
  edit: (message: TMessage) => void;
  remove: (message: TMessage) => void;
  /** Takes the link preview off the user's own message, for every reader. */
  removeLinkPreview?: (message: TMessage) => void;
}

/**
 * A message's actions as a sheet from the bottom, as phones show them: the quick reactions, Reply in thread, and for
 * the user's own messages Edit and Delete. Tapping outside or Close dismisses it; Android's back button too.
 */
export function MessageActionSheet(props: {
  message: TMessage;
  isMine: boolean;
  handlers: MessageActionHandlers;
  onClose: () => void;
}) {
  const { message, handlers, onClose } = props;
  const { tokens, insets } = useNativeContext();
  const { t } = useStrings();
  const then = (action: () => void) => () => {
    onClose();
    action();
  };
  return (
    <Modal
      transparent
      animationType="slide"
      visible
      onRequestClose={onClose}
      supportedOrientations={["portrait", "landscape"]}
    >
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={t("dismiss")}
        onPress={onClose}
        style={{ flex: 1, backgroundColor: "rgba(0,0,0,0.35)" }}
      />
      <View
        accessibilityViewIsModal
        accessibilityLabel={t("chat.actions")}
        style={{
          backgroundColor: tokens.surface,
          paddingTop: 12,
          paddingBottom: 12 + insets.bottom,
          paddingLeft: 12 + insets.left,
          paddingRight: 12 + insets.right,
          borderTopLeftRadius: tokens.radius * 1.5,
          borderTopRightRadius: tokens.radius * 1.5,
          gap: 4,
        }}
      >
        <KitText accessibilityRole="header" tone="muted" size={14} style={{ paddingHorizontal: 8 }}>
          {t("chat.react")}
        </KitText>
        <View style={{ flexDirection: "row", flexWrap: "wrap", gap: 4 }}>
          {QUICK_REACTIONS.map((reaction) => (
            <KitButton
              key={reaction}
              label={t("chat.reactWith", { reaction })}
              onPress={then(() => handlers.react(message, reaction))}
            >
              <KitText size={24} importantForAccessibility="no">
                {reaction}
              </KitText>
            </KitButton>
          ))}
        </View>
        {handlers.openThread && (
          <SheetItem label={t("chat.replyInThread")} onPress={then(() => handlers.openThread?.(message))} />
        )}
        {props.isMine && message.type !== "file" && message.type !== "poll" && (
          <SheetItem label={t("chat.edit")} onPress={then(() => handlers.edit(message))} />
        )}
        {props.isMine && <SheetItem label={t("chat.delete")} danger onPress={then(() => handlers.remove(message))} />}
        <SheetItem label={t("chat.cancel")} onPress={onClose} />
      </View>
    </Modal>
  );
}

function SheetItem(props: { label: string; onPress: () => void; danger?: boolean }) {
  return (
    <KitButton label={props.label} onPress={props.onPress} style={{ alignItems: "flex-start" }}>
      <KitText tone={props.danger ? "danger" : "normal"} style={{ fontWeight: "500" }}>
        {props.label}
      </KitText>
    </KitButton>
  );
}
