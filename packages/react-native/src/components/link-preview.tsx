import type { TLinkPreview } from "@parley/sdk";
import { Image, Linking, Pressable, View } from "react-native";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";

/** The proportions of the page's image box: Open Graph's recommended 1.91:1, so the card's height is known at once. */
const IMAGE_RATIO = 1.91;

/**
 * The host of a link, shown when the page names no site. Read with a pattern rather than `URL`, whose `hostname`
 * React Native's own implementation does not provide.
 */
export function hostOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#:]+)/i.exec(url)?.[1] ?? url;
}

export interface LinkPreviewCardProps {
  preview: TLinkPreview;
  /** Offered to the message's sender: takes the card off for every reader. */
  onRemove?: (() => void) | undefined;
}

/**
 * The card of a message's first link: the site, the title (a link that opens the page in the browser), the
 * description, and the page's image in a box of fixed proportions, so the list does not jump when it loads.
 */
export function LinkPreviewCard({ preview, onRemove }: LinkPreviewCardProps) {
  const tokens = useTheme();
  const { t } = useStrings();
  const title = preview.title ?? preview.url;
  return (
    <View
      testID="link-preview"
      accessibilityLabel={t("chat.linkPreview", { title })}
      style={{
        marginTop: 6,
        maxWidth: 320,
        borderRadius: tokens.radius,
        borderWidth: 1,
        borderColor: tokens.border,
        backgroundColor: tokens.surface,
        overflow: "hidden",
      }}
    >
      {preview.imageUrl ? (
        <View style={{ width: "100%", aspectRatio: IMAGE_RATIO, backgroundColor: tokens.accentSoft }}>
          <Image
            testID="link-preview-image"
            source={{ uri: preview.imageUrl }}
            resizeMode="cover"
            accessibilityIgnoresInvertColors
            importantForAccessibility="no"
            style={{ width: "100%", height: "100%" }}
          />
        </View>
      ) : null}
      <View style={{ flexDirection: "row", alignItems: "flex-start" }}>
        <View style={{ flex: 1, padding: 10, gap: 2 }}>
          <KitText tone="muted" size={12}>
            {preview.siteName ?? hostOf(preview.url)}
          </KitText>
          <Pressable
            accessibilityRole="link"
            accessibilityLabel={title}
            accessibilityHint={t("chat.linkOpenHint")}
            onPress={() => void Linking.openURL(preview.url).catch(() => undefined)}
            hitSlop={4}
          >
            <KitText tone="accent" style={{ fontWeight: "600" }}>
              {title}
            </KitText>
          </Pressable>
          {preview.description ? (
            <KitText tone="muted" size={13} numberOfLines={3}>
              {preview.description}
            </KitText>
          ) : null}
        </View>
        {onRemove && (
          <KitButton label={t("chat.removeLinkPreview")} onPress={onRemove}>
            <KitText tone="muted" size={18} importantForAccessibility="no">
              ×
            </KitText>
          </KitButton>
        )}
      </View>
    </View>
  );
}
