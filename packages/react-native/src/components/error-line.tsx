import { describeError } from "@parley/react/headless";
import { View } from "react-native";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";

/** A failure said in the user's language, as an alert, with Dismiss. */
export function ErrorLine(props: { error: unknown; onDismiss: () => void }) {
  const tokens = useTheme();
  const { t } = useStrings();
  if (props.error === null || props.error === undefined) return null;
  return (
    <View
      accessibilityRole="alert"
      style={{ flexDirection: "row", alignItems: "center", gap: 8, paddingLeft: 12, backgroundColor: tokens.notice }}
    >
      <KitText tone="danger" size={14} style={{ flex: 1 }}>
        {describeError(props.error, t)}
      </KitText>
      <KitButton label={t("dismiss")} onPress={props.onDismiss} />
    </View>
  );
}
