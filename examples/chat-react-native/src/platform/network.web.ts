import type { NetworkMonitor } from "@parley/sdk";

/** None: the client follows the browser's `online` and `offline` events when it is given no monitor. */
export const network: NetworkMonitor | undefined = undefined;
