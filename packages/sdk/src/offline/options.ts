import type { NetworkMonitor } from "./network";
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
  /** Network changes, for platforms without `online` events (React Native's NetInfo, for one). */
  network?: NetworkMonitor;
}
