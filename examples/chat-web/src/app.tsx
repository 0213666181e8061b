import { describeError } from "@parley/react";
import { isParleyError, type ParleyClient } from "@parley/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { ChatScreen } from "./chat-screen";
import { useI18n } from "./i18n";
import { LoginScreen, type LoginValues } from "./login-screen";
import { clearSession, createClient, linkedAppId, loadSession, saveSession } from "./session";

type Phase =
  | { kind: "restoring" }
  | { kind: "signedOut"; notice?: unknown }
  | { kind: "signedIn"; client: ParleyClient; serverUrl: string };

export function App() {
  const { t } = useI18n();
  const [phase, setPhase] = useState<Phase>({ kind: "restoring" });
  /** The stored session's client and its resume: one, though development's strict mode runs the effect twice. */
  const restoring = useRef<{ client: ParleyClient; resumed: Promise<unknown> } | null>(null);

  useEffect(() => {
    const stored = loadSession();
    const linked = linkedAppId();
    // Opened for another app than the one signed in to: sign in there instead of resuming here.
    if (!stored || (linked && linked !== stored.appId)) {
      setPhase({ kind: "signedOut" });
      return;
    }
    let cancelled = false;
    if (!restoring.current) {
      const client = createClient(stored.serverUrl, stored.appId);
      // A session this browser used resumes from its offline copy when the server cannot be reached; the chat
      // opens from the copy and connects when the network is back.
      restoring.current = { client, resumed: client.resume(stored.sessionToken) };
    }
    const { client, resumed } = restoring.current;
    resumed
      .then(() => {
        if (!cancelled) setPhase({ kind: "signedIn", client, serverUrl: stored.serverUrl });
      })
      .catch((error: unknown) => {
        // Only an ended session is forgotten; a server that is briefly down should not log the user out (without the
        // network, only a session this browser never kept a copy for lands here).
        if (isParleyError(error)) clearSession();
        if (!cancelled) setPhase({ kind: "signedOut", notice: error });
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const login = useCallback(async (values: LoginValues) => {
    const client = createClient(values.serverUrl, values.appId);
    await client.loginAnonymously(values.userId.trim(), values.nickname.trim());
    const sessionToken = client.sessionToken;
    const serverUrl = values.serverUrl.trim();
    if (sessionToken) saveSession({ serverUrl, appId: values.appId.trim(), sessionToken });
    setPhase({ kind: "signedIn", client, serverUrl });
  }, []);

  const logout = useCallback(async (client: ParleyClient) => {
    clearSession();
    setPhase({ kind: "signedOut" });
    // The session is already forgotten here; a failed server-side logout only leaves it to expire.
    await client.logout().catch(() => undefined);
  }, []);

  if (phase.kind === "restoring") return <div className="splash">{t("connecting")}</div>;
  if (phase.kind === "signedOut")
    return (
      <LoginScreen notice={phase.notice === undefined ? undefined : describeError(phase.notice, t)} onLogin={login} />
    );
  return <ChatScreen client={phase.client} serverUrl={phase.serverUrl} onLogout={() => logout(phase.client)} />;
}
