import { Platform, Text, type TextProps, type TextStyle } from "react-native";
import { useTheme } from "../context";

/**
 * Korean breaks between words, as Korean readers expect, rather than between any two syllables: iOS has a strategy
 * for it, the web a CSS property. Android has no such switch; its high-quality breaker is the nearest.
 */
const WORD_BREAKS: TextProps =
  Platform.OS === "ios"
    ? { lineBreakStrategyIOS: "hangul-word" }
    : Platform.OS === "android"
      ? { textBreakStrategy: "highQuality", android_hyphenationFrequency: "none" }
      : {};
const WEB_KEEP_ALL = { wordBreak: "keep-all", overflowWrap: "anywhere" } as TextStyle;

export type KitTextProps = TextProps & { tone?: "normal" | "muted" | "accent" | "danger"; size?: number };

/** The kit's text: the theme's colour, scaled with the system's text size, wrapping Korean between words. */
export function KitText(props: KitTextProps) {
  const { tone = "normal", size, style, ...rest } = props;
  const tokens = useTheme();
  const color =
    tone === "muted"
      ? tokens.mutedText
      : tone === "accent"
        ? tokens.accent
        : tone === "danger"
          ? tokens.danger
          : tokens.text;
  return (
    <Text
      allowFontScaling
      {...WORD_BREAKS}
      {...rest}
      style={[{ color, fontSize: size ?? tokens.fontSize }, Platform.OS === "web" ? WEB_KEEP_ALL : null, style]}
    />
  );
}
