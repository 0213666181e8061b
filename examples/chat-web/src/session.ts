import { ParleyClient } from "@parley/sdk";
import { indexedDbStorage, offline } from "@parley/sdk/offline";

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

/** Where the API is: the typed server URL, or this page's origin, where the dev server proxies `/v1` to it. */
export function baseUrlOf(serverUrl: string): string {
  return serverUrl.trim() || window.location.origin;
}

/**
 * A client for the app, keeping the user's chat in IndexedDB (`@parley/sdk/offline`): a reload opens from the copy
 * before the network answers, a session this browser used resumes without the network, and sends made offline wait
 * in an outbox until the server can be reached. `?relay` in the address sends calls' media only through the app's
 * TURN server, to check it.
 */
export function createClient(serverUrl: string, appId: string): ParleyClient {
  const relay = new URLSearchParams(window.location.search).has("relay");
  return new ParleyClient({
    baseUrl: baseUrlOf(serverUrl),
    appId: appId.trim(),
    calls: relay ? { iceTransportPolicy: "relay" } : {},
    offline: offline({ storage: indexedDbStorage() }),
  });
}
