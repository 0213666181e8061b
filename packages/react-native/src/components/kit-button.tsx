import type { ReactNode } from "react";
import { type AccessibilityState, Pressable, type StyleProp, type ViewStyle } from "react-native";
import { useTheme } from "../context";
import { KitText } from "./kit-text";

/** The platforms' smallest comfortable touch target (Apple's 44 pt; Android's 48 dp is met with `hitSlop`). */
export const TOUCH_SIZE = 44;

export interface KitButtonProps {
  label: string;
  onPress: () => void;
  /** What pressing does, when the label alone does not say. */
  hint?: string;
  /** Shown instead of the label (an icon or an emoji); the label stays what assistive technology reads. */
  children?: ReactNode;
  variant?: "plain" | "primary" | "danger" | "soft";
  disabled?: boolean;
  selected?: boolean;
  style?: StyleProp<ViewStyle>;
  testID?: string;
}

/** A button by the platform's conventions: the `button` role, a label, a hint, and a touch target of 44 or more. */
export function KitButton(props: KitButtonProps) {
  const tokens = useTheme();
  const { variant = "plain" } = props;
  const background =
    variant === "primary"
      ? tokens.accent
      : variant === "danger"
        ? tokens.danger
        : variant === "soft"
          ? tokens.accentSoft
          : "transparent";
  const color = variant === "primary" ? tokens.onAccent : variant === "danger" ? tokens.onDanger : tokens.accent;
  const state: AccessibilityState = { disabled: props.disabled ?? false };
  if (props.selected !== undefined) state.selected = props.selected;
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={props.label}
      accessibilityHint={props.hint}
      accessibilityState={state}
      disabled={props.disabled}
      onPress={props.onPress}
      hitSlop={4}
      testID={props.testID}
      style={({ pressed }) => [
        {
          minHeight: TOUCH_SIZE,
          minWidth: TOUCH_SIZE,
          paddingHorizontal: 12,
          paddingVertical: 8,
          borderRadius: tokens.radius,
          alignItems: "center",
          justifyContent: "center",
          backgroundColor: background,
          opacity: props.disabled ? 0.5 : pressed ? 0.7 : 1,
        },
        props.style,
      ]}
    >
      {props.children ?? <KitText style={{ color, fontWeight: "600", textAlign: "center" }}>{props.label}</KitText>}
    </Pressable>
  );
}
