import { ParleyClient, ParleyConnectionError, ParleyError } from "@parley/sdk";

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

/** An empty server URL means this page's origin, where the dev server proxies `/v1` to the API. */
export function createClient(serverUrl: string, appId: string): ParleyClient {
  return new ParleyClient({ baseUrl: serverUrl.trim() || window.location.origin, appId: appId.trim() });
}

/** A line for the user: the API's message and code, or a hint that the server is out of reach. */
export function describeError(error: unknown): string {
  if (error instanceof ParleyError) return `${error.message} (${error.code})`;
  if (error instanceof ParleyConnectionError) return "Cannot reach the chat server. Check the server URL.";
  return error instanceof Error ? error.message : String(error);
}
