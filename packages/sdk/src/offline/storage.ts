/**
 * Where the offline layer keeps its copy: a small key-value interface, so that a browser's IndexedDB, React Native's
 * AsyncStorage and plain memory all fit. Values are JSON-shaped (objects, arrays, strings, numbers, booleans, null),
 * except that IndexedDB and memory keep a `Uint8Array` as it is and the key-value adapter keeps it as base64.
 */

/** A value the store writes: JSON-shaped, or bytes (a queued file). */
export type StoredValue = unknown;

/** One user's area of a storage: their keys only, never another user's or another app's. */
export interface StorageArea {
  /** The value at `key`, or undefined when there is none. */
  get<T = StoredValue>(key: string): Promise<T | undefined>;
  /** Every entry whose key starts with `prefix`, in key order. */
  list<T = StoredValue>(prefix: string): Promise<Array<[key: string, value: T]>>;
  /**
   * Writes and deletes in one step: either all of `set` and `remove` happen or none does (as far as the backing
   * store allows: AsyncStorage applies a batch key by key). A full storage rejects with {@link StorageQuotaError}.
   */
  write(changes: { set?: Array<[key: string, value: StoredValue]>; remove?: string[] }): Promise<void>;
  /** Deletes every key of the area. */
  clear(): Promise<void>;
  /** Lets go of the backing store (closes an IndexedDB connection); the area is not used afterwards. */
  close(): Promise<void>;
}

/** A backing store, opened once per signed-in user under a name that holds the app and the user. */
export interface OfflineStorage {
  /** A name for logs and errors: `memory`, `indexeddb`, `key-value`. */
  readonly kind: string;
  /** Opens (creating if needed) the area called `name`. */
  open(name: string): Promise<StorageArea>;
  /** Deletes the area called `name` with everything in it, open or not. */
  destroy(name: string): Promise<void>;
}

/** The storage is full (a browser's quota, a device's disk): the offline layer then keeps going in memory. */
export class StorageQuotaError extends Error {
  override readonly name = "StorageQuotaError";
  constructor(message = "the storage is full", options?: { cause?: unknown }) {
    super(message, options);
  }
}
