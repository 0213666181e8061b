import type { ThemeTokens } from "@parley/react-native";
import { Pressable, StyleSheet, Text, View } from "react-native";

/** A row of buttons of which one is chosen, such as the language or the theme. */
export function Choice<T extends string>(props: {
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  tokens: ThemeTokens;
}) {
  const { tokens } = props;
  return (
    <View style={[styles.row, { borderColor: tokens.border }]}>
      {props.options.map((option) => {
        const chosen = option.value === props.value;
        return (
          <Pressable
            key={option.value}
            accessibilityRole="button"
            accessibilityState={{ selected: chosen }}
            onPress={() => props.onChange(option.value)}
            style={[styles.option, chosen && { backgroundColor: tokens.accent }]}
          >
            <Text style={[styles.label, { color: chosen ? tokens.onAccent : tokens.text }]}>{option.label}</Text>
          </Pressable>
        );
      })}
    </View>
  );
}

const styles = StyleSheet.create({
  row: { flexDirection: "row", borderWidth: 1, borderRadius: 8, overflow: "hidden", alignSelf: "flex-start" },
  option: { paddingHorizontal: 10, paddingVertical: 6, minHeight: 40, justifyContent: "center" },
  label: { fontSize: 14, fontWeight: "600" },
});
