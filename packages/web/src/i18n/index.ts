import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@parley/contract";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import en from "./locales/en.json";
import ko from "./locales/ko.json";

/** localStorage key of the UI language; kept across logouts and reloads. */
export const LANGUAGE_STORAGE_KEY = "parley.language";

export const resources = { ko: { translation: ko }, en: { translation: en } } as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

function storedLanguage(): Language {
  if (typeof window === "undefined") return DEFAULT_LANGUAGE;
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function syncDocument(language: string) {
  if (typeof document === "undefined") return;
  document.documentElement.lang = language;
  document.title = i18n.t("meta.title");
}

export const i18n = i18next.createInstance();

i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

i18n.on("languageChanged", (language) => {
  if (typeof window !== "undefined") {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch (error) {
      console.warn("Could not remember the language", error);
    }
  }
  syncDocument(language);
});
syncDocument(i18n.language);

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}
