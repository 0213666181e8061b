/**
 * `@parley/sdk/offline`: a local copy of the signed-in user's chat and a durable outbox, for a {@link ParleyClient}
 * made with the `offline` option. A separate entry, so apps that do not use it do not load it.
 *
 * ```ts
 * import { ParleyClient } from "@parley/sdk";
 * import { indexedDbStorage, offline } from "@parley/sdk/offline";
 *
 * const client = new ParleyClient({ baseUrl, appId, offline: offline({ storage: indexedDbStorage() }) });
 * ```
 */
import type { ClientExtension, OfflineApi, ParleyClient } from "@parley/sdk";
import type { OfflineOptions } from "./options";
import { OfflineStore } from "./store";

export type {
  AnswerSource,
  Cached,
  CachedMessages,
  MessageRef,
  NetworkMonitor,
  OfflineApi,
  OfflineEventMap,
  OutboxAction,
  OutboxItem,
  OutboxState,
  QueuedFile,
} from "@parley/sdk";
export { indexedDbStorage } from "./indexeddb-storage";
export type { KeyValueBackend, KeyValueStorageOptions } from "./key-value-storage";
export { keyValueStorage } from "./key-value-storage";
export { memoryStorage } from "./memory-storage";
export type { OfflineOptions } from "./options";
export type { OfflineStorage, StorageArea, StoredValue } from "./storage";
export { StorageQuotaError } from "./storage";
export { OfflineStore } from "./store";

/** The `offline` option of a {@link ParleyClient}: keeps a local copy and an outbox in `options.storage`. */
export function offline(options: OfflineOptions = {}): ClientExtension<OfflineApi> {
  return { attach: (client: ParleyClient, host) => new OfflineStore(client, host, options) };
}
