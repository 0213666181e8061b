import { ParleyClient, ParleyConnectionError, ParleyError } from "@parley/sdk";
import type { Translate } from "./i18n";

/** What the sample keeps between visits, so a reload does not ask to log in again. */
export interface StoredSession {
  serverUrl: string;
  appId: string;
  sessionToken: string;
}

const KEY = "parley-chat-web:session";

export function loadSession(): StoredSession | null {
  try {
    const raw = localStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as StoredSession) : null;
  } catch {
    return null;
  }
}

export function saveSession(session: StoredSession): void {
  localStorage.setItem(KEY, JSON.stringify(session));
}

export function clearSession(): void {
  localStorage.removeItem(KEY);
}

/** The app ID in the address (`?appId=…`): the dashboard's onboarding checklist opens the sample with its app's. */
export function linkedAppId(): string | null {
  return new URLSearchParams(window.location.search).get("appId")?.trim() || null;
}

/**
 * An empty server URL means this page's origin, where the dev server proxies `/v1` to the API. `?relay` in the
 * address sends calls' media only through the app's TURN server, to check that server works.
 */
export function createClient(serverUrl: string, appId: string): ParleyClient {
  const relay = new URLSearchParams(window.location.search).has("relay");
  return new ParleyClient({
    baseUrl: serverUrl.trim() || window.location.origin,
    appId: appId.trim(),
    calls: relay ? { iceTransportPolicy: "relay" } : {},
  });
}

/** Codes a user of this sample meets and can act on, said in their language; others show the API's own text. */
const EXPLAINED_CODES = ["3013", "3016", "3021", "3022", "3023", "3032", "3062", "3080"] as const;

/** A line for the user: what went wrong in their language where the sample knows the code, or the API's message. */
export function describeError(error: unknown, t: Translate): string {
  if (error instanceof ParleyError) {
    const known = EXPLAINED_CODES.find((code) => code === error.code);
    return known ? t(`error.${known}`) : t("error.other", { message: error.message, code: error.code });
  }
  if (error instanceof ParleyConnectionError) return t("error.connection");
  return error instanceof Error ? error.message : String(error);
}
