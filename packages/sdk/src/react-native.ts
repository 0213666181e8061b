/**
 * Adapters from React Native's modules to the client's platform hooks. Each takes the module as an argument rather
 * than importing it, so the SDK depends on neither React Native nor NetInfo, and an app may pass a stand-in.
 */
import type { AppActivity, AppStateMonitor, NetworkMonitor } from "./platform";

/**
 * The part of React Native's `AppState` the adapter uses. Its states are `active`, `background`, `inactive` (iOS,
 * while the app is being left or returned to, or covered by a system sheet), and `unknown` or `extension`.
 */
export interface ReactNativeAppStateModule {
  currentState?: string | null;
  addEventListener(type: "change", listener: (state: string) => void): { remove(): void };
}

/**
 * The part of `@react-native-community/netinfo`'s default export the adapter uses: `addEventListener` calls back with
 * the current state soon after it is called, then at each change, and returns a function that stops it.
 */
export interface NetInfoModule {
  addEventListener(listener: (state: NetInfoStateLike) => void): () => void;
}

/** What the adapter reads of a NetInfo state. */
export interface NetInfoStateLike {
  /** Whether the device has an active network; null while NetInfo does not know yet. */
  isConnected: boolean | null;
  /** Whether NetInfo's own probe reached the internet; null while unknown. Read for nothing: see netInfoNetwork. */
  isInternetReachable?: boolean | null;
}

/**
 * The client's `appState` from React Native's `AppState`:
 *
 * ```ts
 * import { AppState } from "react-native";
 * const client = new ParleyClient({ baseUrl, appId, appState: reactNativeAppState(AppState) });
 * ```
 *
 * `inactive` counts as active: iOS passes through it on the way to the background (which follows on its own) and
 * also shows it while the user only glances at the notification centre or the app switcher, or takes a phone call's
 * banner, after which the app is active again; closing the link there would drop and reopen it for nothing.
 * The state the app is in when the client subscribes is reported at once, so a client made while the app runs in
 * the background (woken by a notification) waits for the foreground.
 */
export function reactNativeAppState(appState: ReactNativeAppStateModule): AppStateMonitor {
  return {
    subscribe(listener) {
      let last: AppActivity | null = null;
      const report = (state: string | null | undefined) => {
        const activity = activityOf(state);
        if (activity === null || activity === last) return;
        last = activity;
        listener(activity);
      };
      const subscription = appState.addEventListener("change", report);
      report(appState.currentState);
      return () => subscription.remove();
    },
  };
}

function activityOf(state: string | null | undefined): AppActivity | null {
  if (state === "active" || state === "inactive") return "active";
  if (state === "background") return "background";
  // `unknown` (not yet known on iOS) and `extension` say nothing about the foreground.
  return null;
}

/**
 * The client's `network` from `@react-native-community/netinfo`:
 *
 * ```ts
 * import NetInfo from "@react-native-community/netinfo";
 * const client = new ParleyClient({ baseUrl, appId, network: netInfoNetwork(NetInfo) });
 * ```
 *
 * Offline means `isConnected === false`: no network at all. `isInternetReachable` is left alone: NetInfo learns it by
 * fetching a URL of its own (Google's by default), which some networks block while the app's server is reachable,
 * and a client that believed it would never connect there. A network without the internet (a captive portal) shows
 * as failed attempts, retried with back-off. Only changes are reported; `null` (not known yet) reports nothing.
 */
export function netInfoNetwork(netInfo: NetInfoModule): NetworkMonitor {
  return {
    subscribe(listener) {
      let last: boolean | null = null;
      return netInfo.addEventListener((state) => {
        if (state.isConnected === null || state.isConnected === last) return;
        last = state.isConnected;
        listener(state.isConnected);
      });
    },
  };
}
