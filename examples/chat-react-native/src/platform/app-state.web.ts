import type { AppStateMonitor } from "@parley/sdk";

/** None: a browser tab in the background keeps its link, so a message arrives and a call rings there. */
export const appState: AppStateMonitor | undefined = undefined;
