import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { en, type MessageKey } from "./en";
import { ko } from "./ko";

export type { MessageKey } from "./en";

/** A string, or one per plural form picked by the `count` it is given. */
type Entry = string | { one: string; other: string };
export type Dictionary = { [K in MessageKey]: Entry };

export const LANGUAGES = ["en", "ko"] as const;
export type Language = (typeof LANGUAGES)[number];
const dictionaries: Record<Language, Dictionary> = { en, ko };
/** Each language named in itself, as a switch shows them. */
const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ko: "한국어" };

const KEY = "parley-chat-web:language";

function initialLanguage(): Language {
  const stored = localStorage.getItem(KEY);
  if (stored === "en" || stored === "ko") return stored;
  return navigator.language.toLowerCase().startsWith("ko") ? "ko" : "en";
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** The text of `key` in `language`, with `{name}` placeholders filled in. */
export function translate(language: Language, key: MessageKey, values: Record<string, string | number> = {}): string {
  const entry = dictionaries[language][key];
  const text = typeof entry === "string" ? entry : values.count === 1 ? entry.one : entry.other;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

interface I18n {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

/** Holds the chosen language for the app, remembers it across visits, and keeps `<html lang>` in step. */
export function LanguageProvider(props: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(KEY, next);
    setLanguageState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
    document.title = translate(language, "appTitle");
  }, [language]);
  const value = useMemo<I18n>(
    () => ({ language, setLanguage, t: (key, values) => translate(language, key, values) }),
    [language, setLanguage],
  );
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n needs a LanguageProvider above it");
  return value;
}

/** A compact switch between the app's languages. */
export function LanguageSwitch() {
  const { language, setLanguage, t } = useI18n();
  return (
    <fieldset className="language-switch" aria-label={t("language")}>
      {LANGUAGES.map((code) => (
        <button
          key={code}
          type="button"
          lang={code}
          aria-pressed={code === language}
          className={code === language ? "active" : ""}
          onClick={() => setLanguage(code)}
        >
          {LANGUAGE_NAMES[code]}
        </button>
      ))}
    </fieldset>
  );
}
