/**
 * Where the browser keeps what outlives a page. Apart from the modules that read them, so the public site's small
 * script (src/intro-lite.ts) can look without loading those modules.
 */

/** The whole session state as JSON; see lib/session.ts. */
export const SESSION_STORAGE_KEY = "parley.session";

/** The UI language; kept across logouts and reloads. */
export const LANGUAGE_STORAGE_KEY = "parley.language";
