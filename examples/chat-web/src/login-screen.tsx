import { type FormEvent, useState } from "react";
import { describeError, linkedAppId, loadSession } from "./session";

export interface LoginValues {
  serverUrl: string;
  appId: string;
  userId: string;
  nickname: string;
}

const LAST_LOGIN_KEY = "parley-chat-web:last-login";

function lastLogin(): LoginValues {
  const stored = loadSession();
  let values: LoginValues = {
    serverUrl: stored?.serverUrl ?? "",
    appId: stored?.appId ?? "",
    userId: "",
    nickname: "",
  };
  try {
    const raw = localStorage.getItem(LAST_LOGIN_KEY);
    if (raw) values = JSON.parse(raw) as LoginValues;
  } catch {
    // A damaged entry just means an empty form.
  }
  const linked = linkedAppId();
  return linked ? { ...values, appId: linked } : values;
}

export function LoginScreen(props: { notice?: string; onLogin: (values: LoginValues) => Promise<void> }) {
  const [values, setValues] = useState<LoginValues>(lastLogin);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof LoginValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      localStorage.setItem(LAST_LOGIN_KEY, JSON.stringify(values));
      await props.onLogin(values);
    } catch (failure) {
      setError(describeError(failure));
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit}>
        <h1>Parley Chat</h1>
        <p className="muted">Sign in to a Parley app as a guest.</p>
        {props.notice && <p className="notice">{props.notice}</p>}
        <label>
          Server URL
          <input
            value={values.serverUrl}
            onChange={set("serverUrl")}
            placeholder={`${window.location.origin} (this page)`}
            autoComplete="url"
          />
        </label>
        <label>
          App ID
          <input
            value={values.appId}
            onChange={set("appId")}
            placeholder="00000000-0000-0000-0000-000000000000"
            required
          />
        </label>
        <label>
          User ID
          <input
            value={values.userId}
            onChange={set("userId")}
            placeholder="e.g. kim"
            required
            autoComplete="username"
          />
        </label>
        <label>
          Nickname
          <input value={values.nickname} onChange={set("nickname")} placeholder="e.g. Kim" required />
        </label>
        {error && <p className="error">{error}</p>}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
