import { LANGUAGES, type Language } from "./constants";

/** Shared by the web build, which prerenders the public pages, and the server, which serves them. */

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** Query parameter naming a public page's language, as its canonical and `hreflang` addresses do. */
export const LANGUAGE_PARAM = "lang";
/**
 * Cookie holding the visitor's language choice (the web app writes it next to localStorage), so the server can
 * send a prerendered page in that language when the address names none.
 */
export const LANGUAGE_COOKIE = "parley_language";
/** Stands in prerendered pages where an absolute address needs the public URL; the server fills it in. */
export const PUBLIC_URL_MARK = "%PUBLIC_URL%";
/** The list of prerendered pages the build writes next to them, for the server and its sitemap. */
export const PRERENDERED_MANIFEST = "prerendered.json";

export interface TPrerenderedPages {
  pages: { path: string; canonicalPath: string; languages: Language[] }[];
}
