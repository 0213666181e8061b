import { describeError, LanguageSwitch } from "@parley/react";
import { type FormEvent, useEffect, useState } from "react";
import { useI18n } from "./i18n";
import { linkedAppId, loadSession } from "./session";

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
  const { t, language, setLanguage } = useI18n();
  const [values, setValues] = useState<LoginValues>(lastLogin);
  const title = t("appTitle");
  useEffect(() => {
    document.title = title;
  }, [title]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
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
      setError(failure);
      setBusy(false);
    }
  }

  return (
    <main className="login">
      <form className="card login-card" onSubmit={submit}>
        <div className="login-top">
          <h1>{t("appTitle")}</h1>
          <LanguageSwitch language={language} onChange={setLanguage} />
        </div>
        <p className="muted">{t("login.intro")}</p>
        {props.notice && <p className="notice">{props.notice}</p>}
        <label>
          {t("login.serverUrl")}
          <input
            value={values.serverUrl}
            onChange={set("serverUrl")}
            placeholder={t("login.serverUrlPlaceholder", { origin: window.location.origin })}
            autoComplete="url"
          />
        </label>
        <label>
          {t("login.appId")}
          <input
            value={values.appId}
            onChange={set("appId")}
            placeholder="00000000-0000-0000-0000-000000000000"
            required
          />
        </label>
        <label>
          {t("login.userId")}
          <input
            value={values.userId}
            onChange={set("userId")}
            placeholder={t("login.userIdPlaceholder")}
            required
            autoComplete="username"
          />
        </label>
        <label>
          {t("login.nickname")}
          <input
            value={values.nickname}
            onChange={set("nickname")}
            placeholder={t("login.nicknamePlaceholder")}
            required
          />
        </label>
        {error !== null && <p className="error">{describeError(error, t)}</p>}
        <button type="submit" className="primary" disabled={busy}>
          {busy ? t("login.busy") : t("login.submit")}
        </button>
      </form>
    </main>
  );
}
