import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_PARAM, type Language } from "@parley/contract";
import { LANGUAGE_STORAGE_KEY } from "@/lib/storage-keys";

/**
 * The visitor's language choice, as the browser keeps it: localStorage for the app, a cookie for the server (which
 * picks a prerendered page's language by it). Free of i18next, so the public site's small script uses it too.
 */

export function storedLanguage(): Language | null {
  if (typeof window === "undefined") return null;
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The language the visitor asked for: the address's `lang`, then the remembered choice, then the default. */
export function preferredLanguage(): Language {
  if (typeof window === "undefined") return DEFAULT_LANGUAGE;
  const requested = new URLSearchParams(window.location.search).get(LANGUAGE_PARAM);
  return isLanguage(requested) ? requested : (storedLanguage() ?? DEFAULT_LANGUAGE);
}

export function rememberLanguage(language: string): void {
  if (typeof window === "undefined") return;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch (error) {
    console.warn("Could not remember the language", error);
  }
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some supported browsers; one fixed, unescaped value is written.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}
