import { networkFailureReason } from "./api-client";

/**
 * Logs a load that failed (the app list, the notices, a checklist, the app): as a warning, or as information when
 * the browser went offline. Offline is an expected state, not a fault: the query runs again once the browser is
 * back online, and a warning for every load on the page would only repeat it.
 */
export function logLoadFailure(what: string, error: unknown): void {
  if (networkFailureReason(error) === "offline") {
    // biome-ignore lint/suspicious/noConsole: logged as the spec asks, below the warnings a fault gets
    console.info(what, error);
    return;
  }
  console.warn(what, error);
}
