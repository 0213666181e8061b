import { Pressable, View } from "react-native";
import { useTheme } from "../context";
import { TOUCH_SIZE } from "./kit-button";
import { KitText } from "./kit-text";

/** A labelled checkbox: the `checkbox` role with its checked state, the whole row a 44-point touch target. */
export function KitCheckbox(props: { label: string; isChecked: boolean; onChange: (isChecked: boolean) => void }) {
  const tokens = useTheme();
  return (
    <Pressable
      accessibilityRole="checkbox"
      accessibilityLabel={props.label}
      accessibilityState={{ checked: props.isChecked }}
      onPress={() => props.onChange(!props.isChecked)}
      hitSlop={4}
      style={{ minHeight: TOUCH_SIZE, flexDirection: "row", alignItems: "center", gap: 10 }}
    >
      <View
        style={{
          width: 22,
          height: 22,
          borderRadius: 4,
          borderWidth: 2,
          borderColor: tokens.accent,
          backgroundColor: props.isChecked ? tokens.accent : "transparent",
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        {props.isChecked ? (
          <KitText size={14} style={{ color: tokens.onAccent }} importantForAccessibility="no">
            ✓
          </KitText>
        ) : null}
      </View>
      <KitText style={{ flex: 1 }} importantForAccessibility="no">
        {props.label}
      </KitText>
    </Pressable>
  );
}
