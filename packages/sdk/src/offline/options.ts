import type { NetworkMonitor } from "@parley/sdk";
import type { OfflineStorage } from "./storage";

/** Settings of the offline layer. */
export interface OfflineOptions {
  /** Where the copy and the outbox are kept: `indexedDbStorage()`, `keyValueStorage(AsyncStorage)`; memory by default. */
  storage?: OfflineStorage;
  /** The newest messages kept per channel (default 50). */
  messagesPerChannel?: number;
  /** A file up to this size waits in the store with its bytes; a larger one waits in memory only (default 5 MB). */
  maxStoredFileBytes?: number;
  /** The first and the longest wait before the outbox tries again after a network failure (default 1 s and 30 s). */
  retryDelayMs?: { initial: number; max: number };
  /**
   * Network changes, told to the client as its own `network` option would; leave it out when the client has that
   * option (React Native: `netInfoNetwork(NetInfo)`), whose word the offline layer follows. Offline, or with the app in
   * the background, the outbox stops retrying; when both are over it sends at once.
   */
  network?: NetworkMonitor;
}
