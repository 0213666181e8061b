import { createTranslator, darkTokens, describeError, lightTokens } from "@parley/react-native";
import { useState } from "react";
import {
  KeyboardAvoidingView,
  Platform,
  Pressable,
  ScrollView,
  StyleSheet,
  Text,
  TextInput,
  type TextInputProps,
  View,
} from "react-native";
import { Choice } from "./choice";
import { LANGUAGE_NAMES, type Language, translate } from "./i18n";
import type { Preferences } from "./session";

export type SignInMode = "guest" | "token";

/** What the form signs in with: the preferences' fields, and a login token when signing in with one. */
export interface SignInValues {
  mode: SignInMode;
  serverUrl: string;
  appId: string;
  userId: string;
  nickname: string;
  token: string;
}

const LANGUAGES: ReadonlyArray<{ value: Language; label: string }> = [
  { value: "en", label: LANGUAGE_NAMES.en },
  { value: "ko", label: LANGUAGE_NAMES.ko },
];

/**
 * The sign-in form: where the server is, the app, and either a guest's user ID and nickname (the app must allow
 * anonymous login) or a user ID with the login token the app's server issued. The language and theme chosen here
 * are the chat's too.
 */
export function SignInScreen(props: {
  preferences: Preferences;
  notice: string | null;
  onPreferences: (preferences: Preferences) => void;
  onSignIn: (values: SignInValues) => Promise<void>;
}) {
  const { preferences } = props;
  const tokens = preferences.theme === "dark" ? darkTokens : lightTokens;
  const t = (key: Parameters<typeof translate>[1], values?: Record<string, string>) =>
    translate(preferences.language, key, values);
  const [mode, setMode] = useState<SignInMode>("guest");
  const [token, setToken] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof Preferences) => (value: string) => props.onPreferences({ ...preferences, [key]: value });

  async function submit() {
    setBusy(true);
    setError(null);
    try {
      await props.onSignIn({ ...preferences, mode, token });
    } catch (failure) {
      // The kit's words for the API's errors, such as an app that does not let guests in.
      setError(describeError(failure, createTranslator(preferences.language)));
      setBusy(false);
    }
  }

  const field = (label: string, inputProps: TextInputProps) => (
    <View style={styles.field}>
      <Text style={[styles.label, { color: tokens.text }]}>{label}</Text>
      <TextInput
        accessibilityLabel={label}
        autoCapitalize="none"
        autoCorrect={false}
        placeholderTextColor={tokens.mutedText}
        style={[
          styles.input,
          { borderColor: tokens.border, color: tokens.text, backgroundColor: tokens.inputBackground },
        ]}
        {...inputProps}
      />
    </View>
  );

  return (
    <KeyboardAvoidingView
      behavior={Platform.OS === "ios" ? "padding" : undefined}
      style={[styles.screen, { backgroundColor: tokens.background }]}
    >
      <ScrollView contentContainerStyle={styles.content} keyboardShouldPersistTaps="handled">
        <Text accessibilityRole="header" style={[styles.title, { color: tokens.text }]}>
          {t("appTitle")}
        </Text>
        <View style={styles.switches}>
          <Choice
            options={LANGUAGES}
            value={preferences.language}
            onChange={(language) => props.onPreferences({ ...preferences, language })}
            tokens={tokens}
          />
          <Choice
            options={[
              { value: "light", label: t("light") },
              { value: "dark", label: t("dark") },
            ]}
            value={preferences.theme}
            onChange={(theme) => props.onPreferences({ ...preferences, theme })}
            tokens={tokens}
          />
        </View>
        <Text style={[styles.intro, { color: tokens.mutedText }]}>{t("intro")}</Text>
        {props.notice && <Text style={[styles.notice, { color: tokens.danger }]}>{props.notice}</Text>}
        {field(t("serverUrl"), {
          value: preferences.serverUrl,
          onChangeText: set("serverUrl"),
          placeholder: "https://chat.example.com",
          keyboardType: "url",
        })}
        {field(t("appId"), {
          value: preferences.appId,
          onChangeText: set("appId"),
          placeholder: "00000000-0000-0000-0000-000000000000",
        })}
        <Choice
          options={[
            { value: "guest", label: t("guest") },
            { value: "token", label: t("withToken") },
          ]}
          value={mode}
          onChange={setMode}
          tokens={tokens}
        />
        {field(t("userId"), { value: preferences.userId, onChangeText: set("userId"), placeholder: "kim" })}
        {mode === "guest"
          ? field(t("nickname"), { value: preferences.nickname, onChangeText: set("nickname") })
          : field(t("token"), { value: token, onChangeText: setToken, secureTextEntry: true })}
        {error && (
          <Text accessibilityRole="alert" style={[styles.notice, { color: tokens.danger }]}>
            {error}
          </Text>
        )}
        <Pressable
          accessibilityRole="button"
          accessibilityState={{ disabled: busy }}
          disabled={busy}
          onPress={submit}
          style={[styles.submit, { backgroundColor: tokens.accent, opacity: busy ? 0.6 : 1 }]}
        >
          <Text style={[styles.submitText, { color: tokens.onAccent }]}>{busy ? t("signingIn") : t("signIn")}</Text>
        </Pressable>
      </ScrollView>
    </KeyboardAvoidingView>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1 },
  content: { padding: 24, gap: 14, maxWidth: 480, width: "100%", alignSelf: "center" },
  title: { fontSize: 26, fontWeight: "700", marginTop: 24 },
  switches: { flexDirection: "row", flexWrap: "wrap", gap: 8 },
  intro: { fontSize: 15, lineHeight: 21 },
  notice: { fontSize: 14 },
  field: { gap: 6 },
  label: { fontSize: 14, fontWeight: "600" },
  input: { borderWidth: 1, borderRadius: 8, paddingHorizontal: 12, paddingVertical: 10, fontSize: 16 },
  submit: { borderRadius: 8, paddingVertical: 14, alignItems: "center", marginTop: 8 },
  submitText: { fontSize: 16, fontWeight: "700" },
});
