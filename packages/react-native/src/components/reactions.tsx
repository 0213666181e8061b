import type { TMessage } from "@parley/sdk";
import { View } from "react-native";
import { useTheme } from "../context";
import { useStrings } from "../use-strings";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";

/** The reactions offered in a message's actions, as the web kit's picker offers them. */
export const QUICK_REACTIONS = ["👍", "❤️", "😂", "🎉", "😮", "😢"] as const;

/** A message's reactions as chips: each a button with the emoji and count that adds or takes back the user's own. */
export function ReactionChips(props: { message: TMessage; onToggle: (reaction: string) => void }) {
  const tokens = useTheme();
  const { t } = useStrings();
  const entries = Object.entries(props.message.reactions ?? {}).filter(([, count]) => count > 0);
  if (entries.length === 0) return null;
  const mine = new Set(props.message.myReactions ?? []);
  return (
    <View style={{ flexDirection: "row", flexWrap: "wrap", gap: 6, marginTop: 4 }}>
      {entries.map(([reaction, count]) => (
        <KitButton
          key={reaction}
          label={t("chat.reactionCount", { reaction, count })}
          selected={mine.has(reaction)}
          onPress={() => props.onToggle(reaction)}
          variant={mine.has(reaction) ? "soft" : "plain"}
          style={{
            minHeight: 36,
            paddingHorizontal: 10,
            paddingVertical: 4,
            borderWidth: 1,
            borderColor: mine.has(reaction) ? tokens.accent : tokens.border,
          }}
        >
          <KitText size={14} importantForAccessibility="no">{`${reaction} ${count}`}</KitText>
        </KitButton>
      ))}
    </View>
  );
}
