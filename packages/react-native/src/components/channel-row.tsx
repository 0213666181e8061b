import { type ChannelEntry, channelTitle, directPeer, useMyUserId } from "@parley/react/headless";
import { memo } from "react";
import { Pressable, View } from "react-native";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { Avatar } from "./avatar";
import { TOUCH_SIZE } from "./kit-button";
import { KitText } from "./kit-text";

/** One channel of the list: a button named by the channel's title, its last message, and its unread badges. */
export const ChannelRow = memo(function ChannelRow(props: { entry: ChannelEntry; onSelect: (id: string) => void }) {
  const { channel, unreadCount, unreadMentionCount } = props.entry;
  const me = useMyUserId();
  const tokens = useTheme();
  const { t } = useStrings();
  const title = channelTitle(channel, me);
  const last = channel.lastMessage;
  const preview = last ? last.text || (last.file ? t("channels.file") : "") : "";
  const unread = [
    unreadCount > 0 ? t("channels.unread", { count: unreadCount }) : "",
    unreadMentionCount > 0 ? t("channels.mentioned") : "",
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={title}
      accessibilityHint={t("channels.openHint")}
      {...(unread ? { accessibilityValue: { text: unread } } : {})}
      onPress={() => props.onSelect(channel.id)}
      testID={`channel-row-${channel.id}`}
      style={({ pressed }) => ({
        flexDirection: "row",
        alignItems: "center",
        minHeight: TOUCH_SIZE + 16,
        paddingHorizontal: 16,
        paddingVertical: 10,
        gap: 12,
        backgroundColor: pressed ? tokens.accentSoft : tokens.surface,
      })}
    >
      <Avatar name={title} imageUrl={channel.imageUrl || undefined} />
      <View style={{ flex: 1 }}>
        <KitText style={{ fontWeight: unreadCount > 0 ? "700" : "500" }}>{title}</KitText>
        {channel.type === "open" ? (
          <KitText tone="muted" size={13} testID="open-tag" accessibilityLabel={t("channels.typeOpenHint")}>
            {t("channels.typeOpen")}
          </KitText>
        ) : null}
        {preview ? (
          <KitText tone="muted" size={14} numberOfLines={2}>
            {last?.sender && directPeer(channel, me) === null ? `${last.sender.nickname}: ${preview}` : preview}
          </KitText>
        ) : null}
      </View>
      {unreadMentionCount > 0 && (
        <View
          testID="mention-badge"
          style={{
            backgroundColor: tokens.mentionBackground,
            borderRadius: 12,
            paddingHorizontal: 8,
            paddingVertical: 2,
          }}
        >
          <KitText size={13} style={{ color: tokens.mentionText, fontWeight: "700" }} importantForAccessibility="no">
            {t("channels.badgeMention")}
          </KitText>
        </View>
      )}
      {unreadCount > 0 && (
        <View
          testID="unread-badge"
          style={{ backgroundColor: tokens.accent, borderRadius: 12, paddingHorizontal: 8, paddingVertical: 2 }}
        >
          <KitText size={13} style={{ color: tokens.onAccent, fontWeight: "700" }} importantForAccessibility="no">
            {unreadCount > 99 ? "99+" : String(unreadCount)}
          </KitText>
        </View>
      )}
    </Pressable>
  );
});
