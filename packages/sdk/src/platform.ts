/**
 * What the platform tells the client about the network and the app's state: small interfaces an app fills from its
 * platform's modules (React Native's NetInfo and AppState, through `netInfoNetwork` and `reactNativeAppState`), so
 * the SDK needs no native module of its own.
 */

/** Hears when the platform says the network came or went; browsers' `online` and `offline` events by default. */
export interface NetworkMonitor {
  /** Calls `listener` with `false` when the device lost its network and `true` when it is back; returns a stop. */
  subscribe(listener: (online: boolean) => void): () => void;
}

/** Whether the app is in front of the user (`active`) or not (`background`). */
export type AppActivity = "active" | "background";

/** Hears the app move between the foreground and the background, e.g. React Native's `AppState`. */
export interface AppStateMonitor {
  /** Calls `listener` with the app's state as it changes; returns a function that stops listening. */
  subscribe(listener: (state: AppActivity) => void): () => void;
}

/** The browser's `online` and `offline` events, or null where there are none (Node, React Native). */
export function browserNetwork(): NetworkMonitor | null {
  const target = globalThis as { addEventListener?: (type: string, listener: () => void) => void } & {
    removeEventListener?: (type: string, listener: () => void) => void;
  };
  if (typeof target.addEventListener !== "function" || typeof target.removeEventListener !== "function") return null;
  return {
    subscribe(listener) {
      const online = () => listener(true);
      const offline = () => listener(false);
      target.addEventListener?.("online", online);
      target.addEventListener?.("offline", offline);
      return () => {
        target.removeEventListener?.("online", online);
        target.removeEventListener?.("offline", offline);
      };
    },
  };
}
