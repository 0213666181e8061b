import { createTranslator, type Language, languageOf, type MessageKey } from "@parley/react";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { en, type SampleKey } from "./en";
import { ko } from "./ko";

const dictionaries: Record<Language, Record<SampleKey, string>> = { en, ko };

const KEY = "parley-chat-web:language";

function initialLanguage(): Language {
  const stored = localStorage.getItem(KEY);
  if (stored === "en" || stored === "ko") return stored;
  return languageOf(navigator.language);
}

/** A string of the sample's own, or any of the kit's (its error texts, which the sign-in screen shows too). */
export type Translate = (key: SampleKey | MessageKey, values?: Record<string, string | number>) => string;

function translator(language: Language): Translate {
  const kit = createTranslator(language);
  const own = dictionaries[language];
  return (key, values = {}) =>
    key in own
      ? own[key as SampleKey].replace(/\{(\w+)\}/g, (whole, name: string) =>
          name in values ? String(values[name]) : whole,
        )
      : kit(key as MessageKey, values);
}

interface I18n {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
}

const I18nContext = createContext<I18n | null>(null);

/**
 * Holds the chosen language for the app (the sign-in screen's and, through `ParleyProvider`, the chat's), remembers
 * it across visits, and keeps `<html lang>` in step.
 */
export function LanguageProvider(props: { children: ReactNode }) {
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const setLanguage = useCallback((next: Language) => {
    localStorage.setItem(KEY, next);
    setLanguageState(next);
  }, []);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const value = useMemo<I18n>(() => ({ language, setLanguage, t: translator(language) }), [language, setLanguage]);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const value = useContext(I18nContext);
  if (!value) throw new Error("useI18n needs a LanguageProvider above it");
  return value;
}
