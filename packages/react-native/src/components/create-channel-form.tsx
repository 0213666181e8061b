import {
  describeError,
  NEW_CHANNEL_TYPE_HINTS,
  NEW_CHANNEL_TYPE_LABELS,
  NEW_CHANNEL_TYPES,
  type NewChannel,
  type NewChannelType,
  newChannel,
} from "@parley/react/headless";
import { useState } from "react";
import { TextInput, View } from "react-native";
import { useTheme } from "../context";
import { textInputStyle } from "../theme";
import { useStrings } from "../use-strings";
import { ChoiceList } from "./choice-list";
import { KitButton } from "./kit-button";
import { KitText } from "./kit-text";

/**
 * Makes a channel, as the web kit's form does: a name and a type (public, private with an invite code, or open).
 * The types are a radio group, each option read with its state and what it means.
 */
export function CreateChannelForm(props: { onCreate: (input: NewChannel) => Promise<void>; onCancel: () => void }) {
  const tokens = useTheme();
  const { t } = useStrings();
  const [name, setName] = useState("");
  const [type, setType] = useState<NewChannelType>("public");
  const [inviteCode, setInviteCode] = useState("");
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const ready = name.trim() !== "" && (type !== "private" || inviteCode.trim() !== "");

  async function create() {
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await props.onCreate(newChannel(name, type, inviteCode));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  const input = textInputStyle(tokens);

  return (
    <View style={{ gap: 10, padding: 12, backgroundColor: tokens.surface, borderRadius: tokens.radius }}>
      <TextInput
        accessibilityLabel={t("channels.name")}
        placeholder={t("channels.name")}
        placeholderTextColor={tokens.mutedText}
        value={name}
        onChangeText={setName}
        autoFocus
        allowFontScaling
        style={input}
      />
      <ChoiceList
        label={t("channels.type")}
        options={NEW_CHANNEL_TYPES}
        value={type}
        optionLabel={(option) => t(NEW_CHANNEL_TYPE_LABELS[option])}
        optionHint={(option) => t(NEW_CHANNEL_TYPE_HINTS[option])}
        onChange={setType}
        testID="channel-type"
      />
      {type === "private" && (
        <TextInput
          accessibilityLabel={t("channels.inviteCode")}
          placeholder={t("channels.inviteCode")}
          placeholderTextColor={tokens.mutedText}
          value={inviteCode}
          onChangeText={setInviteCode}
          autoCapitalize="none"
          autoCorrect={false}
          allowFontScaling
          style={input}
        />
      )}
      {error !== null && (
        <View accessible accessibilityRole="alert">
          <KitText tone="danger" size={14}>
            {describeError(error, t)}
          </KitText>
        </View>
      )}
      <View style={{ flexDirection: "row", gap: 8, justifyContent: "flex-end" }}>
        <KitButton label={t("channels.cancel")} onPress={props.onCancel} />
        <KitButton
          label={t("channels.create")}
          variant="primary"
          disabled={!ready || busy}
          onPress={() => void create()}
        />
      </View>
    </View>
  );
}
