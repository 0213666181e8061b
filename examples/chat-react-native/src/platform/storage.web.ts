import { indexedDbStorage } from "@parley/sdk/offline";

/**
 * The chat's offline copy and outbox, in IndexedDB: the browser's AsyncStorage is `localStorage`, whose few
 * megabytes a chat's copy outgrows.
 */
export function offlineStorage() {
  return indexedDbStorage();
}
