import { createTranslator, describeError, openDirectChannel, type ThemeTokens } from "@parley/react-native";
import type { ParleyClient } from "@parley/sdk";
import { useState } from "react";
import { Pressable, StyleSheet, Text, TextInput, View } from "react-native";
import { type Language, translate } from "./i18n";

/**
 * Opens the 1:1 chat with a user by their ID (the kit's `openDirectChannel`: the one channel the two share, made
 * the first time), where the header offers voice and video calls. The kit lists the chats a user has; starting one
 * is the app's to offer, from a profile, a member list or, here, an ID.
 */
export function DirectChatForm(props: {
  client: ParleyClient;
  language: Language;
  tokens: ThemeTokens;
  onOpen: (channelId: string) => void;
}) {
  const { client, language, tokens } = props;
  const [userId, setUserId] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = translate(language, "directChatWith");

  async function open() {
    const me = client.currentUser;
    if (!me || !userId.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const other = await client.users.get(userId.trim());
      const channel = await openDirectChannel(client, me, { userId: other.userId, nickname: other.nickname });
      setUserId("");
      props.onOpen(channel.id);
    } catch (failure) {
      setError(describeError(failure, createTranslator(language)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <View style={styles.form}>
      <View style={styles.row}>
        <TextInput
          accessibilityLabel={label}
          placeholder={label}
          placeholderTextColor={tokens.mutedText}
          autoCapitalize="none"
          autoCorrect={false}
          value={userId}
          onChangeText={setUserId}
          onSubmitEditing={open}
          style={[
            styles.input,
            { borderColor: tokens.border, color: tokens.text, backgroundColor: tokens.inputBackground },
          ]}
        />
        <Pressable
          accessibilityRole="button"
          accessibilityState={{ disabled: busy }}
          disabled={busy}
          onPress={open}
          style={[styles.button, { backgroundColor: tokens.accent, opacity: busy ? 0.6 : 1 }]}
        >
          <Text style={[styles.buttonText, { color: tokens.onAccent }]}>{translate(language, "directChat")}</Text>
        </Pressable>
      </View>
      {error && (
        <Text accessibilityRole="alert" style={{ color: tokens.danger }}>
          {error}
        </Text>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  form: { gap: 6, width: "100%" },
  row: { flexDirection: "row", gap: 8 },
  input: { flex: 1, borderWidth: 1, borderRadius: 8, paddingHorizontal: 12, minHeight: 44, fontSize: 16 },
  button: { borderRadius: 8, paddingHorizontal: 16, minHeight: 44, justifyContent: "center" },
  buttonText: { fontSize: 15, fontWeight: "700" },
});
