import type { ReactNode } from "react";
import { View } from "react-native";
import { useNativeContext } from "../context";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";

/** A screen's top bar inside the safe area: Back (when there is somewhere to go back to), the title, and actions. */
export function ScreenHeader(props: { title: string; subtitle?: string; onBack?: () => void; actions?: ReactNode }) {
  const { tokens, insets } = useNativeContext();
  const { t } = useStrings();
  return (
    <View
      testID="screen-header"
      style={{
        flexDirection: "row",
        alignItems: "center",
        paddingTop: insets.top + 4,
        paddingBottom: 4,
        paddingLeft: insets.left + 4,
        paddingRight: insets.right + 4,
        backgroundColor: tokens.surface,
        borderBottomWidth: 1,
        borderBottomColor: tokens.border,
      }}
    >
      {props.onBack && (
        <KitButton label={t("nav.back")} onPress={props.onBack}>
          <KitText tone="accent" size={22} importantForAccessibility="no">
            ‹
          </KitText>
        </KitButton>
      )}
      <View style={{ flex: 1, paddingHorizontal: 8, paddingVertical: 4 }}>
        <KitText accessibilityRole="header" style={{ fontWeight: "700" }} numberOfLines={2}>
          {props.title}
        </KitText>
        {props.subtitle ? (
          <KitText tone="muted" size={13}>
            {props.subtitle}
          </KitText>
        ) : null}
      </View>
      {props.actions}
    </View>
  );
}
