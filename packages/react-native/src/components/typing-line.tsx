import { useTyping } from "@parley/react/headless";
import { View } from "react-native";
import { useStrings } from "../use-strings";
import { KitText } from "./kit-text";

/** Who else is typing in the channel, said politely to screen readers; it keeps its line so the list does not jump. */
export function TypingLine(props: { channelId: string; names: ReadonlyMap<string, string> }) {
  const { userIds } = useTyping(props.channelId);
  const { t } = useStrings();
  const names = userIds.map((id) => props.names.get(id) ?? id);
  const [a = "", b = ""] = names;
  const text =
    names.length === 0
      ? ""
      : names.length === 1
        ? t("typing.one", { a })
        : names.length === 2
          ? t("typing.two", { a, b })
          : t("typing.many");
  return (
    <View style={{ paddingHorizontal: 12, minHeight: 20 }} accessibilityLiveRegion="polite">
      {text ? (
        <KitText tone="muted" size={13} testID="typing-line">
          {text}
        </KitText>
      ) : null}
    </View>
  );
}
