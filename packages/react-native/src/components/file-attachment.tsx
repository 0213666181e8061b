import { formatFileSize } from "@parley/react/headless";
import type { TFileInfo, TThumbnail } from "@parley/sdk";
import { Image, PixelRatio, View } from "react-native";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitText } from "./kit-text";
import { VoiceRow } from "./voice-row";

/** The widest an image is drawn in a row, in points: about two thirds of a small phone's width. */
export const IMAGE_MAX_WIDTH = 240;

/** The box an image is drawn in: its own proportions, no wider than {@link IMAGE_MAX_WIDTH} nor than itself. */
export function imageBox(width: number, height: number): { width: number; height: number } {
  const shown = Math.min(width, IMAGE_MAX_WIDTH);
  return { width: shown, height: Math.round((shown * height) / width) };
}

/**
 * The smallest thumbnail at least `needed` pixels wide (the box in device pixels), so a phone downloads no more than
 * it draws; the largest there is when none is that wide. React Native draws WebP on both platforms, and at equal
 * width it is the smaller download.
 */
export function pickThumbnail(thumbnails: readonly TThumbnail[], needed: number): TThumbnail | null {
  const sorted = [...thumbnails].sort(
    (a, b) => a.width - b.width || Number(b.format === "webp") - Number(a.format === "webp"),
  );
  const widest = sorted[sorted.length - 1]?.width ?? 0;
  return sorted.find((thumbnail) => thumbnail.width >= Math.min(needed, widest)) ?? null;
}

/**
 * A file message's file. An image with its dimensions is drawn from a thumbnail in a box sized from its width and
 * height, so the row has its final height before a byte arrives and the list does not move when it loads; while its
 * thumbnails are being made the same box holds a placeholder. Any other file shows its name and size.
 */
export function FileAttachment({ file }: { file: TFileInfo }) {
  const tokens = useTheme();
  const { t, language } = useStrings();
  const { width, height } = file;
  const thumbnails = file.thumbnails ?? [];
  if (file.voice) return <VoiceRow file={file} />;
  if (!width || !height || (thumbnails.length === 0 && file.media !== "pending")) {
    const size = formatFileSize(file.size, language);
    return (
      <View
        accessible
        accessibilityLabel={t("chat.file", { name: file.name, size })}
        style={{
          marginTop: 4,
          padding: 10,
          borderRadius: tokens.radius,
          borderWidth: 1,
          borderColor: tokens.border,
          alignSelf: "flex-start",
        }}
      >
        <KitText style={{ fontWeight: "600" }}>📎 {file.name}</KitText>
        <KitText tone="muted" size={12}>
          {size}
        </KitText>
      </View>
    );
  }
  const box = imageBox(width, height);
  const frame = { ...box, marginTop: 4, borderRadius: tokens.radius, overflow: "hidden" as const };
  const thumbnail = pickThumbnail(thumbnails, box.width * PixelRatio.get());
  if (!thumbnail) {
    return (
      <View
        testID="image-attachment"
        accessible
        accessibilityRole="image"
        accessibilityLabel={t("chat.imagePreparing", { name: file.name })}
        style={{ ...frame, backgroundColor: tokens.accentSoft }}
      />
    );
  }
  return (
    <View testID="image-attachment" style={{ ...frame, backgroundColor: tokens.accentSoft }}>
      <Image
        accessible
        accessibilityRole="image"
        accessibilityLabel={t("chat.image", { name: file.name })}
        source={{ uri: thumbnail.url, width: thumbnail.width, height: thumbnail.height }}
        resizeMode="cover"
        style={box}
      />
    </View>
  );
}
