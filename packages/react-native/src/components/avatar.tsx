import { Image, View } from "react-native";
import { useTheme } from "../context";
import { KitText } from "./kit-text";

/** A person's or channel's picture, or their initial on the theme's soft accent; decorative to assistive technology. */
export function Avatar(props: { name: string; imageUrl?: string; size?: number; online?: boolean }) {
  const tokens = useTheme();
  const size = props.size ?? 40;
  const initial = Array.from(props.name.trim())[0]?.toLocaleUpperCase() ?? "?";
  return (
    <View
      accessibilityElementsHidden
      importantForAccessibility="no-hide-descendants"
      style={{ width: size, height: size }}
    >
      {props.imageUrl ? (
        <Image source={{ uri: props.imageUrl }} style={{ width: size, height: size, borderRadius: size / 2 }} />
      ) : (
        <View
          style={{
            width: size,
            height: size,
            borderRadius: size / 2,
            backgroundColor: tokens.accentSoft,
            alignItems: "center",
            justifyContent: "center",
          }}
        >
          {/* The initial keeps inside its circle at any text size: it is a picture, not reading text. */}
          <KitText tone="accent" allowFontScaling={false} size={size * 0.42} style={{ fontWeight: "700" }}>
            {initial}
          </KitText>
        </View>
      )}
      {props.online && (
        <View
          style={{
            position: "absolute",
            right: 0,
            bottom: 0,
            width: size / 4,
            height: size / 4,
            borderRadius: size / 8,
            backgroundColor: tokens.online,
            borderWidth: 2,
            borderColor: tokens.surface,
          }}
        />
      )}
    </View>
  );
}
