import { base64ToBytes, bytesToBase64 } from "../base64";
import { type OfflineStorage, type StorageArea, StorageQuotaError, type StoredValue } from "./storage";

/**
 * A store of strings under string keys, shaped so that React Native's `@react-native-async-storage/async-storage` fits
 * as it is: version 3 (`getMany`, `setMany`, `removeMany`, on its default export and on `createAsyncStorage(name)`)
 * and version 2 (`multiGet`, `multiSet`, `multiRemove`). The batch methods are optional; with neither set the
 * adapter makes one call per key.
 */
export interface KeyValueBackend {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
  getAllKeys(): Promise<readonly string[]>;
  /** AsyncStorage 3: the values of `keys`, by key. */
  getMany?(keys: string[]): Promise<Record<string, string | null>>;
  /** AsyncStorage 3: writes every entry in one batch. */
  setMany?(entries: Record<string, string>): Promise<void>;
  /** AsyncStorage 3: removes `keys` in one batch. */
  removeMany?(keys: string[]): Promise<void>;
  /** AsyncStorage 2: the values of `keys`, as pairs. */
  multiGet?(keys: readonly string[]): Promise<readonly (readonly [string, string | null])[]>;
  /** AsyncStorage 2: writes every pair in one batch. */
  multiSet?(pairs: Array<[string, string]>): Promise<void>;
  /** AsyncStorage 2: removes `keys` in one batch. */
  multiRemove?(keys: readonly string[]): Promise<void>;
}

export interface KeyValueStorageOptions {
  /** Put before every key, so the SDK's keys stand apart from the app's in a store they share. */
  keyPrefix?: string;
}

/**
 * A storage over a key-value backend (AsyncStorage): each entry is one backend key, `${keyPrefix}${area}/${key}`,
 * holding the value as JSON, bytes as `{"$bytes":"<base64>"}`. A write sets its keys and then removes its keys,
 * with one batch call each when the backend has them (AsyncStorage on Android applies a batch in one SQLite
 * transaction). Without `setMany` or `multiSet` it goes key by key, and puts back the keys it changed when a later
 * one fails; a crash part way through such a write can still leave part of it.
 */
export function keyValueStorage(backend: KeyValueBackend, options: KeyValueStorageOptions = {}): OfflineStorage {
  const keyPrefix = options.keyPrefix ?? "parley:";
  // Bumped by destroy, so the handles opened before it stop instead of writing the area back into being.
  const generations = new Map<string, number>();

  const areaPrefix = (name: string): string => `${keyPrefix}${escapeAreaName(name)}/`;

  async function keysStartingWith(prefix: string): Promise<string[]> {
    const keys = await backend.getAllKeys();
    return keys.filter((key) => key.startsWith(prefix)).sort(compareKeys);
  }

  async function readAll(keys: readonly string[]): Promise<Array<string | null>> {
    if (keys.length === 0) return [];
    if (backend.getMany) {
      const found = await backend.getMany([...keys]);
      // Every key holds a "/", so none can be a name the answer's prototype has (`toString`).
      return keys.map((key) => {
        const value = found[key];
        return typeof value === "string" ? value : null;
      });
    }
    if (backend.multiGet) {
      // Matched by key rather than by position: AsyncStorage merges concurrent multiGet calls into one batch.
      const found = new Map(await backend.multiGet(keys));
      return keys.map((key) => found.get(key) ?? null);
    }
    return Promise.all(keys.map((key) => backend.getItem(key)));
  }

  async function removeAll(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    if (backend.removeMany) return backend.removeMany([...keys]);
    if (backend.multiRemove) return backend.multiRemove(keys);
    for (const key of keys) await backend.removeItem(key);
  }

  async function writeAll(pairs: Array<[string, string]>, removed: string[]): Promise<void> {
    if (backend.setMany || backend.multiSet) {
      // AsyncStorage 2's multiSet throws at once on an empty batch.
      if (pairs.length > 0) {
        if (backend.setMany) await backend.setMany(Object.fromEntries(pairs));
        else await backend.multiSet?.(pairs);
      }
      await removeAll(removed);
      return;
    }
    // Key by key, a full backend typically fails a later key after earlier ones went in; what they held before is
    // read first so that they can be put back, and the write comes to nothing as the other adapters' do.
    const touched = [...new Set([...pairs.map(([key]) => key), ...removed])];
    const before = touched.length > 1 ? await readAll(touched) : undefined;
    try {
      for (const [key, value] of pairs) await backend.setItem(key, value);
      await removeAll(removed);
    } catch (error) {
      if (before) {
        await Promise.allSettled(
          touched.map((key, index) => {
            const value = before[index];
            return value === null || value === undefined ? backend.removeItem(key) : backend.setItem(key, value);
          }),
        );
      }
      throw error;
    }
  }

  function openArea(name: string): StorageArea {
    const prefix = areaPrefix(name);
    const generation = generations.get(name) ?? 0;
    let closed = false;
    const live = (): void => {
      if (closed || (generations.get(name) ?? 0) !== generation) {
        throw new Error(`the storage area "${name}" is closed`);
      }
    };

    return {
      async get<T = StoredValue>(key: string): Promise<T | undefined> {
        live();
        const text = await guard(() => backend.getItem(prefix + key));
        return text === null ? undefined : (decode(text) as T);
      },

      async list<T = StoredValue>(start: string): Promise<Array<[key: string, value: T]>> {
        live();
        const keys = await guard(() => keysStartingWith(prefix + start));
        const texts = await guard(() => readAll(keys));
        const entries: Array<[string, T]> = [];
        keys.forEach((key, index) => {
          const text = texts[index];
          // Removed by a write that ran between listing the keys and reading them.
          if (text !== null && text !== undefined) entries.push([key.slice(prefix.length), decode(text) as T]);
        });
        return entries;
      },

      async write({ set = [], remove = [] }) {
        live();
        // Encoded before anything is sent, so a value JSON cannot hold changes nothing.
        const pairs = set.map(([key, value]): [string, string] => [prefix + key, encode(key, value)]);
        const removed = remove.map((key) => prefix + key);
        await guard(() => writeAll(pairs, removed));
      },

      async clear() {
        live();
        await guard(async () => removeAll(await keysStartingWith(prefix)));
      },

      async close() {
        closed = true;
      },
    };
  }

  return {
    kind: "key-value",

    async open(name) {
      return openArea(name);
    },

    async destroy(name) {
      generations.set(name, (generations.get(name) ?? 0) + 1);
      await guard(async () => removeAll(await keysStartingWith(areaPrefix(name))));
    },
  };
}

/**
 * `/` ends the area's part of a key, so an area named `a/b` must not read as area `a`'s key `b/…` (and be cleared
 * with it); `%` is escaped too so that escaped names cannot collide with names that look escaped.
 */
function escapeAreaName(name: string): string {
  return name.replaceAll("%", "%25").replaceAll("/", "%2F");
}

/** Code-unit order, as IndexedDB orders string keys (`localeCompare` would not). */
function compareKeys(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

const BYTES = "$bytes";
const ESCAPED = "$object";

/**
 * JSON with bytes as `{"$bytes": base64}`. A caller's object of the same shape (its one key `$bytes` or `$object`)
 * goes in as `{"$object": its entries}`, so that it too reads back as what was written: message metadata comes from
 * other users and can hold anything.
 */
function encode(key: string, value: StoredValue): string {
  const text: string | undefined = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Uint8Array) return { [BYTES]: bytesToBase64(item) };
    if (!isRecord(item)) return item;
    const tag = soleKey(item);
    return tag === BYTES || tag === ESCAPED ? { [ESCAPED]: Object.entries(item) } : item;
  });
  if (text === undefined) throw new TypeError(`cannot store undefined at "${key}": remove the key instead`);
  return text;
}

function decode(text: string): unknown {
  return JSON.parse(text, (_key, item: unknown) => {
    if (!isRecord(item)) return item;
    const tag = soleKey(item);
    const inner = tag === undefined ? undefined : item[tag];
    if (tag === BYTES && typeof inner === "string") return base64ToBytes(inner);
    if (tag === ESCAPED && Array.isArray(inner)) return Object.fromEntries(inner);
    return item;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The key of an object that has exactly one, the shape of the tags above. */
function soleKey(value: Record<string, unknown>): string | undefined {
  const keys = Object.keys(value);
  return keys.length === 1 ? keys[0] : undefined;
}

/**
 * Runs backend calls, turning a full backend's error into {@link StorageQuotaError}. Only backend calls: the adapter's
 * own errors name keys and areas, whose text must not pass for a backend's "disk is full".
 */
async function guard<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageQuotaError(undefined, { cause: error });
    // AsyncStorage's batch methods reject with an array of errors, one per key.
    if (!(error instanceof Error)) throw new Error("the key-value storage failed", { cause: error });
    throw error;
  }
}

// A browser's `QuotaExceededError`, SQLite's `SQLITE_FULL` / "database or disk is full", a disk out of space.
const QUOTA = /quota|(?:\b|_)full\b|disk|no space|ENOSPC/i;

function isQuotaError(error: unknown, depth = 0): boolean {
  if (depth > 4) return false;
  if (Array.isArray(error)) return error.some((item) => isQuotaError(item, depth + 1));
  if (typeof error === "string") return QUOTA.test(error);
  if (typeof error !== "object" || error === null) return false;
  const texts = [
    "name" in error ? error.name : undefined,
    "message" in error ? error.message : undefined,
    "code" in error ? error.code : undefined,
  ];
  if (texts.some((text) => (typeof text === "string" || typeof text === "number") && QUOTA.test(String(text)))) {
    return true;
  }
  return "cause" in error && isQuotaError(error.cause, depth + 1);
}
