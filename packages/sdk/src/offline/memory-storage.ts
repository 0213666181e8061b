import { type OfflineStorage, type StorageArea, StorageQuotaError, type StoredValue } from "./storage";

export interface MemoryStorageOptions {
  /**
   * How large (in characters of JSON, a `Uint8Array` counting its byte length) everything stored may grow; a write
   * beyond it rejects with {@link StorageQuotaError}. Tests use it to play a full device.
   */
  quotaBytes?: number;
}

interface Entry {
  value: StoredValue;
  size: number;
}

interface Area {
  entries: Map<string, Entry>;
  size: number;
  destroyed: boolean;
}

/**
 * A storage that lives as long as the page or process: for tests, for Node, and for keeping going when the device's
 * storage is full. It keeps its own copies, so a caller changing an object it wrote or read changes nothing stored.
 */
export function memoryStorage(options: MemoryStorageOptions = {}): OfflineStorage {
  const areas = new Map<string, Area>();
  let used = 0;

  function openArea(name: string, area: Area): StorageArea {
    let closed = false;
    // A handle outliving a destroy would otherwise write into an area nobody can open again.
    const live = (): Area => {
      if (closed || area.destroyed) throw new Error(`the storage area "${name}" is closed`);
      return area;
    };

    return {
      async get<T = StoredValue>(key: string): Promise<T | undefined> {
        const entry = live().entries.get(key);
        return entry === undefined ? undefined : (copyOf(entry.value) as T);
      },

      async list<T = StoredValue>(prefix: string): Promise<Array<[key: string, value: T]>> {
        return [...live().entries]
          .filter(([key]) => key.startsWith(prefix))
          .sort(([a], [b]) => compareKeys(a, b))
          .map(([key, entry]): [string, T] => [key, copyOf(entry.value) as T]);
      },

      async write({ set = [], remove = [] }) {
        const current = live();
        // Staged first, so a value that cannot be cloned or a write over the quota leaves the area as it was.
        const staged = new Map<string, Entry | undefined>();
        for (const [key, value] of set) {
          if (value === undefined) throw new TypeError(`cannot store undefined at "${key}": remove the key instead`);
          staged.set(key, { value: copyOf(value), size: sizeOf(key, value) });
        }
        for (const key of remove) staged.set(key, undefined);

        let delta = 0;
        for (const [key, entry] of staged) delta += (entry?.size ?? 0) - (current.entries.get(key)?.size ?? 0);
        if (options.quotaBytes !== undefined && used + delta > options.quotaBytes) {
          throw new StorageQuotaError(`the memory storage is full (${options.quotaBytes} bytes)`);
        }

        for (const [key, entry] of staged) {
          if (entry) current.entries.set(key, entry);
          else current.entries.delete(key);
        }
        current.size += delta;
        used += delta;
      },

      async clear() {
        const current = live();
        used -= current.size;
        current.size = 0;
        current.entries.clear();
      },

      async close() {
        closed = true;
      },
    };
  }

  return {
    kind: "memory",

    async open(name) {
      let area = areas.get(name);
      if (!area) {
        area = { entries: new Map(), size: 0, destroyed: false };
        areas.set(name, area);
      }
      return openArea(name, area);
    },

    async destroy(name) {
      const area = areas.get(name);
      if (!area) return;
      areas.delete(name);
      used -= area.size;
      area.destroyed = true;
    },
  };
}

/** Code-unit order, as IndexedDB orders string keys (`localeCompare` would not). */
function compareKeys(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** About what the entry takes as JSON; bytes count as themselves rather than as JSON's `{"0":…}` of them. */
function sizeOf(key: string, value: StoredValue): number {
  let bytes = 0;
  const json: string | undefined = JSON.stringify(value, (_key, item: unknown) => {
    if (!(item instanceof Uint8Array)) return item;
    bytes += item.byteLength;
    return null;
  });
  return key.length + (json?.length ?? 0) + bytes;
}

/**
 * A deep copy of a stored value: `structuredClone`, or where the platform has none (React Native) a copy of what the
 * store keeps, JSON-shaped values and bytes. Like `structuredClone`, it refuses what cannot be copied, before anything
 * is written.
 */
function copyOf<T>(value: T): T {
  if (typeof structuredClone === "function") return structuredClone(value);
  return copyWithoutClone(value) as T;
}

function copyWithoutClone(value: unknown): unknown {
  if (typeof value === "function" || typeof value === "symbol")
    throw new TypeError(`a ${typeof value} cannot be stored`);
  if (typeof value !== "object" || value === null) return value;
  if (value instanceof Uint8Array) return value.slice();
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(copyWithoutClone);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = copyWithoutClone(item);
  return copy;
}
