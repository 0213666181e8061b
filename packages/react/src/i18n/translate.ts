import type { Dictionary } from "./dictionary";
import { en, type MessageKey } from "./en";
import { ko } from "./ko";

export type { Dictionary, Entry } from "./dictionary";
export type { MessageKey } from "./en";

/** The languages the kit ships. */
export const LANGUAGES = ["en", "ko"] as const;
export type Language = (typeof LANGUAGES)[number];
/** Each language named in itself, as a language switch shows them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: "English", ko: "한국어" };

/** The shipped dictionaries, to start an override from or to show every string. */
export const dictionaries: Record<Language, Dictionary> = { en, ko };

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/**
 * A translator for `language`: the text of a key with `{name}` placeholders filled in, and `overrides` (any of the
 * keys, in that language) taking the place of the shipped text.
 */
export function createTranslator(language: Language, overrides: Partial<Dictionary> = {}): Translate {
  const dictionary = dictionaries[language];
  return (key, values = {}) => {
    const entry = overrides[key] ?? dictionary[key];
    const text = typeof entry === "string" ? entry : values.count === 1 ? entry.one : entry.other;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

/** The language of a browser locale such as `ko-KR`: Korean for `ko`, English otherwise. */
export function languageOf(locale: string | undefined): Language {
  return locale?.toLowerCase().startsWith("ko") ? "ko" : "en";
}
