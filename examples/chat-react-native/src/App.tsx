import { createTranslator, describeError, lightTokens } from "@parley/react-native";
import { isParleyError, type ParleyClient } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import { ActivityIndicator, Platform, StyleSheet, View } from "react-native";
import { ChatScreen } from "./chat-screen";
import { deviceLanguage, translate } from "./i18n";
import {
  clearSession,
  createClient,
  loadPreferences,
  loadSession,
  type Preferences,
  savePreferences,
  saveSession,
} from "./session";
import { SignInScreen, type SignInValues } from "./sign-in-screen";

type Phase =
  | { kind: "starting" }
  | { kind: "signedOut"; notice: string | null }
  | { kind: "signedIn"; client: ParleyClient };

/**
 * Where a Parley server on the developer's computer is: the Android emulator reaches the computer at 10.0.2.2, the
 * iOS simulator at localhost; in the browser an empty URL is the page's own origin.
 */
const LOCAL_SERVER = Platform.select({ android: "http://10.0.2.2:8080", ios: "http://localhost:8080", default: "" });

function firstPreferences(): Preferences {
  return { language: deviceLanguage(), theme: "light", serverUrl: LOCAL_SERVER, appId: "", userId: "", nickname: "" };
}

/** The sample: its sign-in screen, then the kit's chat; a stored session skips the sign-in. */
export function App() {
  const [preferences, setPreferences] = useState<Preferences | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "starting" });

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const chosen = (await loadPreferences()) ?? firstPreferences();
      const stored = await loadSession();
      if (cancelled) return;
      setPreferences(chosen);
      if (!stored) {
        setPhase({ kind: "signedOut", notice: null });
        return;
      }
      const client = createClient(stored.serverUrl, stored.appId);
      try {
        // A session used on this device resumes from its offline copy when the server cannot be reached.
        await client.resume(stored.sessionToken);
        if (!cancelled) setPhase({ kind: "signedIn", client });
      } catch (error) {
        // Only an ended session is forgotten: a server that is briefly down should not sign the user out.
        if (isParleyError(error)) await clearSession();
        const notice = isParleyError(error)
          ? translate(chosen.language, "sessionEnded")
          : describeError(error, createTranslator(chosen.language));
        if (!cancelled) setPhase({ kind: "signedOut", notice });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const changePreferences = useCallback((next: Preferences) => {
    setPreferences(next);
    void savePreferences(next);
  }, []);

  const signIn = useCallback(async (values: SignInValues) => {
    const client = createClient(values.serverUrl, values.appId);
    const userId = values.userId.trim();
    if (values.mode === "guest") await client.loginAnonymously(userId, values.nickname.trim());
    else await client.loginWithToken(userId, values.token.trim());
    if (client.sessionToken) {
      await saveSession({
        serverUrl: values.serverUrl.trim(),
        appId: values.appId.trim(),
        sessionToken: client.sessionToken,
      });
    }
    setPhase({ kind: "signedIn", client });
  }, []);

  const signOut = useCallback(async (client: ParleyClient) => {
    await clearSession();
    setPhase({ kind: "signedOut", notice: null });
    // The session is already forgotten here; a failed sign-out on the server only leaves it to expire.
    await client.logout().catch(() => undefined);
  }, []);

  if (!preferences || phase.kind === "starting") {
    return (
      <View style={[styles.splash, { backgroundColor: lightTokens.background }]}>
        <ActivityIndicator accessibilityLabel={translate(deviceLanguage(), "connecting")} />
      </View>
    );
  }
  if (phase.kind === "signedOut") {
    return (
      <SignInScreen
        preferences={preferences}
        notice={phase.notice}
        onPreferences={changePreferences}
        onSignIn={signIn}
      />
    );
  }
  return (
    <ChatScreen
      client={phase.client}
      language={preferences.language}
      theme={preferences.theme}
      onLanguage={(language) => changePreferences({ ...preferences, language })}
      onTheme={(theme) => changePreferences({ ...preferences, theme })}
      onSignOut={() => signOut(phase.client)}
    />
  );
}

const styles = StyleSheet.create({
  splash: { flex: 1, alignItems: "center", justifyContent: "center" },
});
