import { ParleyClient } from "@parley/sdk";
import { offline } from "@parley/sdk/offline";
import AsyncStorage from "@react-native-async-storage/async-storage";
import type { Language } from "./i18n";
import { appState } from "./platform/app-state";
import { network } from "./platform/network";
import { offlineStorage } from "./platform/storage";
import { webrtc } from "./platform/webrtc";

/** What the sample keeps between launches, so opening it again does not ask to sign in. */
export interface StoredSession {
  serverUrl: string;
  appId: string;
  sessionToken: string;
}

/** The sign-in form as last filled in, and the look chosen on it. */
export interface Preferences {
  language: Language;
  theme: "light" | "dark";
  serverUrl: string;
  appId: string;
  userId: string;
  nickname: string;
}

const SESSION_KEY = "parley-chat-rn:session";
const PREFERENCES_KEY = "parley-chat-rn:preferences";

async function readJson<T>(key: string): Promise<T | null> {
  try {
    const raw = await AsyncStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    // A damaged entry is as good as none: the user signs in again.
    return null;
  }
}

export const loadSession = () => readJson<StoredSession>(SESSION_KEY);
export const saveSession = (session: StoredSession) => AsyncStorage.setItem(SESSION_KEY, JSON.stringify(session));
export const clearSession = () => AsyncStorage.removeItem(SESSION_KEY);

export const loadPreferences = () => readJson<Preferences>(PREFERENCES_KEY);
export const savePreferences = (preferences: Preferences) =>
  AsyncStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences));

/**
 * A client for the app that keeps the user's chat on the device (`@parley/sdk/offline`): the chat opens from the
 * copy before the network answers, a session used here before resumes without the network, and what is sent
 * offline waits in an outbox until the server can be reached. The platform files (`src/platform/`) give it the
 * device's storage, network, foreground and background, and WebRTC.
 */
export function createClient(serverUrl: string, appId: string): ParleyClient {
  return new ParleyClient({
    baseUrl: serverUrl.trim(),
    appId: appId.trim(),
    calls: { webrtc },
    offline: offline({ storage: offlineStorage() }),
    network,
    appState,
  });
}
