import { Pressable, View } from "react-native";
import { useTheme } from "../context";
import { TOUCH_SIZE } from "./kit-button";
import { KitText } from "./kit-text";

/** A radio group by the platforms' conventions: the group named, each choice a `radio` with its checked state. */
export function ChoiceList<T extends string>(props: {
  label: string;
  options: readonly T[];
  value: T | null;
  optionLabel: (option: T) => string;
  /** A line under a choice's label saying what it means, read as the radio's hint too. */
  optionHint?: (option: T) => string;
  disabled?: boolean;
  onChange: (option: T) => void;
  testID?: string;
}) {
  const tokens = useTheme();
  return (
    <View accessibilityRole="radiogroup" accessibilityLabel={props.label} style={{ gap: 2 }} testID={props.testID}>
      <KitText size={14} style={{ fontWeight: "600" }} importantForAccessibility="no" accessibilityElementsHidden>
        {props.label}
      </KitText>
      {props.options.map((option) => {
        const checked = option === props.value;
        return (
          <Pressable
            key={option}
            accessibilityRole="radio"
            accessibilityLabel={props.optionLabel(option)}
            {...(props.optionHint ? { accessibilityHint: props.optionHint(option) } : {})}
            accessibilityState={{ checked, disabled: props.disabled ?? false }}
            disabled={props.disabled}
            onPress={() => {
              if (!checked) props.onChange(option);
            }}
            testID={props.testID ? `${props.testID}-${option}` : undefined}
            style={{ flexDirection: "row", alignItems: "center", gap: 10, minHeight: TOUCH_SIZE }}
          >
            <View
              style={{
                width: 20,
                height: 20,
                borderRadius: 10,
                borderWidth: 2,
                borderColor: checked ? tokens.accent : tokens.mutedText,
                alignItems: "center",
                justifyContent: "center",
              }}
            >
              {checked && <View style={{ width: 10, height: 10, borderRadius: 5, backgroundColor: tokens.accent }} />}
            </View>
            <View style={{ flex: 1 }}>
              <KitText>{props.optionLabel(option)}</KitText>
              {props.optionHint && (
                <KitText tone="muted" size={13}>
                  {props.optionHint(option)}
                </KitText>
              )}
            </View>
          </Pressable>
        );
      })}
    </View>
  );
}
