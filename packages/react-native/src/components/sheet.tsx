import type { ReactNode } from "react";
import { KeyboardAvoidingView, Modal, Platform, Pressable, ScrollView, View } from "react-native";
import { useNativeContext } from "../context";
import { useStrings } from "../use-strings";
import { KitText } from "./kit-text";

/**
 * A sheet from the bottom of the screen with a title, as phones show a short form: tapping outside or Android's back
 * button closes it, and it rises above the keyboard so its fields stay in view.
 */
export function Sheet(props: { title: string; onClose: () => void; children: ReactNode }) {
  const { tokens, insets } = useNativeContext();
  const { t } = useStrings();
  return (
    <Modal
      transparent
      animationType="slide"
      visible
      onRequestClose={props.onClose}
      supportedOrientations={["portrait", "landscape"]}
    >
      <KeyboardAvoidingView behavior={Platform.OS === "ios" ? "padding" : undefined} style={{ flex: 1 }}>
        <Pressable
          accessibilityRole="button"
          accessibilityLabel={t("dismiss")}
          onPress={props.onClose}
          style={{ flex: 1, backgroundColor: "rgba(0,0,0,0.35)" }}
        />
        <View
          accessibilityViewIsModal
          accessibilityLabel={props.title}
          style={{
            maxHeight: "85%",
            backgroundColor: tokens.surface,
            paddingTop: 12,
            paddingBottom: 12 + insets.bottom,
            paddingLeft: 12 + insets.left,
            paddingRight: 12 + insets.right,
            borderTopLeftRadius: tokens.radius * 1.5,
            borderTopRightRadius: tokens.radius * 1.5,
          }}
        >
          <KitText accessibilityRole="header" size={17} style={{ fontWeight: "700", paddingBottom: 8 }}>
            {props.title}
          </KitText>
          <ScrollView keyboardShouldPersistTaps="handled" contentContainerStyle={{ gap: 8 }}>
            {props.children}
          </ScrollView>
        </View>
      </KeyboardAvoidingView>
    </Modal>
  );
}
