import { barsToDraw, formatDuration, secondsOf } from "@parley/react/headless";
import type { TFileInfo } from "@parley/sdk";
import { Linking, Pressable, View } from "react-native";
import { useNativeContext, useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitText } from "./kit-text";

/** Bars drawn for a voice message on a phone's narrower row. */
const SHOWN_BARS = 24;
const BARS_HEIGHT = 22;

/**
 * A voice message: a play button, its waveform and its length, in a row of fixed size. React Native has no audio
 * player of its own, so the button hands the file to the app's `playVoice` (expo-av, react-native-sound…), or
 * without one opens its URL in the system's player.
 */
export function VoiceRow({ file }: { file: TFileInfo }) {
  const tokens = useTheme();
  const { playVoice } = useNativeContext();
  const { t } = useStrings();
  const length = formatDuration(secondsOf(file.durationMs));
  const bars = barsToDraw(file.waveform, SHOWN_BARS);
  const play = () => {
    if (playVoice) playVoice(file);
    else void Linking.openURL(file.url).catch(() => undefined);
  };
  return (
    <View
      testID="voice-message"
      style={{
        marginTop: 4,
        flexDirection: "row",
        alignItems: "center",
        gap: 8,
        alignSelf: "flex-start",
        paddingVertical: 6,
        paddingLeft: 6,
        paddingRight: 12,
        borderRadius: 20,
        borderWidth: 1,
        borderColor: tokens.border,
      }}
    >
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={t("voice.play", { duration: length })}
        onPress={play}
        hitSlop={6}
        style={{
          width: 32,
          height: 32,
          borderRadius: 16,
          backgroundColor: tokens.accent,
          alignItems: "center",
          justifyContent: "center",
        }}
      >
        <KitText style={{ color: tokens.onAccent }}>▶</KitText>
      </Pressable>
      <View
        testID="voice-bars"
        importantForAccessibility="no-hide-descendants"
        accessibilityElementsHidden
        style={{ flexDirection: "row", alignItems: "center", gap: 2, height: BARS_HEIGHT, width: 96 }}
      >
        {bars.map((height, i) => (
          <View
            // Bars are positions along the recording, not items: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            testID="voice-bar"
            style={{
              flex: 1,
              height: Math.max(2, Math.round(height * BARS_HEIGHT)),
              borderRadius: 1,
              backgroundColor: tokens.mutedText,
            }}
          />
        ))}
      </View>
      <KitText tone="muted" size={12}>
        {length}
      </KitText>
    </View>
  );
}
