import { LANGUAGES, type Language } from "./constants";

/** Shared by the web build, which prerenders the public pages, and the server, which serves them. */

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The font stack of every page and mail. Latin comes from the system's interface font; Hangul, which most of those
 * fonts lack, from the first Korean font the system has (macOS and iOS, Windows, Android and Linux with Noto CJK),
 * so Korean text never falls through to a font without it and shows as boxes. Names are in single quotes, so the
 * stack can also stand in an HTML `style` attribute.
 */
export const FONT_FAMILY = [
  "Pretendard",
  "'Pretendard Variable'",
  "-apple-system",
  "BlinkMacSystemFont",
  "system-ui",
  "'Segoe UI'",
  "Roboto",
  "'Helvetica Neue'",
  "'Apple SD Gothic Neo'",
  "'Noto Sans KR'",
  "'Noto Sans CJK KR'",
  "'Malgun Gothic'",
  "'맑은 고딕'",
  "'Nanum Gothic'",
  "Arial",
  "sans-serif",
].join(", ");

/** Query parameter naming a public page's language, as its canonical and `hreflang` addresses do. */
export const LANGUAGE_PARAM = "lang";
/**
 * The query of a sign-in link (spec section 2, "Query handling on any navigation"). Here rather than beside the
 * sub-account schemas: every page of the web app reads it at start-up, which must not bring the schemas along.
 */
export const SIGN_IN_LINK_QUERY = {
  userType: "usertype",
  appId: "appid",
  token: "sessiontoken",
  email: "useremail",
} as const;
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

/**
 * The route patterns of the web app (`/apps/:appId/report`, `/intro/docs/:tab?`), written by its build from the
 * route table, so the server answers an address no route takes with 404 (and the app's not-found page).
 */
export const ROUTES_MANIFEST = "routes.json";

export interface TRouteManifest {
  patterns: string[];
}
