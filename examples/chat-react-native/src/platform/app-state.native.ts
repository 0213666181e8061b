import { type AppStateMonitor, reactNativeAppState } from "@parley/sdk";
import { AppState } from "react-native";

/**
 * The app's foreground and background, from React Native's AppState: in the background the client closes its link
 * and the outbox waits (the system would suspend them soon anyway), and both resume at once in the foreground.
 */
export const appState: AppStateMonitor | undefined = reactNativeAppState(AppState);
