import { type OfflineStorage, type StorageArea, StorageQuotaError, type StoredValue } from "./storage";

export interface IndexedDbStorageOptions {
  /** The IndexedDB to use: the global one by default; in Node, fake-indexeddb's `new IDBFactory()`. */
  indexedDB?: IDBFactory;
  /**
   * The `IDBKeyRange` of that same IndexedDB: the global one by default. An implementation only reads key ranges it
   * made itself, so one passed `indexedDB` where there is no global IndexedDB passes this along with it.
   */
  IDBKeyRange?: typeof IDBKeyRange;
  /** Put before each area's name to name its database, so the SDK's databases stand apart from the app's. */
  databasePrefix?: string;
}

const STORE = "kv";

/**
 * A browser's storage: one IndexedDB database per area, holding one object store of values under string keys. A
 * write is one transaction, so it happens whole or not at all, even when the tab closes half way.
 */
export function indexedDbStorage(options: IndexedDbStorageOptions = {}): OfflineStorage {
  const databasePrefix = options.databasePrefix ?? "parley:";
  // Each open connection's way to close itself, by area: destroy cannot delete a database this page holds open.
  const connections = new Map<string, Set<() => void>>();

  function factory(): IDBFactory {
    const found: IDBFactory | undefined = options.indexedDB ?? globalThis.indexedDB;
    if (!found) {
      throw new TypeError(
        "indexedDbStorage: there is no IndexedDB here; pass one as `indexedDB` (in Node, fake-indexeddb)",
      );
    }
    return found;
  }

  function keyRanges(): typeof IDBKeyRange {
    const found: typeof IDBKeyRange | undefined = options.IDBKeyRange ?? globalThis.IDBKeyRange;
    if (!found) {
      throw new TypeError(
        "indexedDbStorage: there is no IDBKeyRange here; pass the one of your IndexedDB as `IDBKeyRange`",
      );
    }
    return found;
  }

  return {
    kind: "indexeddb",

    async open(name) {
      const indexedDB = factory();
      const ranges = keyRanges();
      let closed = false;
      const db = await openDatabase(indexedDB, databasePrefix + name, () => release());
      const open = connections.get(name) ?? new Set();
      connections.set(name, open);

      function release(): void {
        if (closed) return;
        closed = true;
        db.close();
        open.delete(release);
      }
      open.add(release);

      const transaction = <T>(mode: IDBTransactionMode, issue: (store: IDBObjectStore) => () => T): Promise<T> => {
        if (closed) return Promise.reject(new Error(`the storage area "${name}" is closed`));
        return run(db, mode, issue);
      };

      const area: StorageArea = {
        get<T = StoredValue>(key: string): Promise<T | undefined> {
          return transaction("readonly", (store) => {
            const request: IDBRequest<unknown> = store.get(key);
            return () => request.result as T | undefined;
          });
        },

        list<T = StoredValue>(prefix: string): Promise<Array<[key: string, value: T]>> {
          return transaction("readonly", (store) => {
            const range = ranges.bound(prefix, `${prefix}\uffff`);
            const keys = store.getAllKeys(range);
            const values: IDBRequest<unknown[]> = store.getAll(range);
            return () => keys.result.map((key, index): [string, T] => [String(key), values.result[index] as T]);
          });
        },

        async write({ set = [], remove = [] }) {
          if (set.length === 0 && remove.length === 0) return;
          for (const [key, value] of set) {
            if (value === undefined) throw new TypeError(`cannot store undefined at "${key}": remove the key instead`);
          }
          await transaction("readwrite", (store) => {
            for (const [key, value] of set) store.put(value, key);
            for (const key of remove) store.delete(key);
            return () => undefined;
          });
        },

        async clear() {
          await transaction("readwrite", (store) => {
            store.clear();
            return () => undefined;
          });
        },

        async close() {
          release();
        },
      };
      return area;
    },

    async destroy(name) {
      const indexedDB = factory();
      for (const release of connections.get(name) ?? []) release();
      connections.delete(name);
      await new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(databasePrefix + name);
        // No `onblocked`: another tab's connection closes on the `versionchange` this sends it, and then the delete
        // goes ahead and succeeds; rejecting on blocked would report a failure for a delete that still happens.
        request.onsuccess = () => resolve();
        request.onerror = () => reject(toStorageError(request.error));
      });
    },
  };
}

function openDatabase(indexedDB: IDBFactory, name: string, onClosed: () => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    };
    request.onsuccess = () => {
      const db = request.result;
      // Set before anything else can run: another tab destroying this area (a sign-out there) waits on this
      // connection until it closes, and so does a newer SDK upgrading the database.
      db.onversionchange = onClosed;
      // The browser closes it itself when the user clears the site's data.
      db.onclose = onClosed;
      resolve(db);
    };
    request.onerror = () => reject(toStorageError(request.error));
  });
}

/**
 * One transaction on the area's store: `issue` makes its requests and returns how to read their result once the
 * transaction has committed, so a read never reports what a failed transaction saw.
 */
function run<T>(db: IDBDatabase, mode: IDBTransactionMode, issue: (store: IDBObjectStore) => () => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    let read: () => T;
    try {
      read = issue(transaction.objectStore(STORE));
    } catch (error) {
      // A request that throws (a value that cannot be cloned, a full disk in some browsers) must not leave the
      // requests made before it to commit alone.
      try {
        transaction.abort();
      } catch {
        // Already finished: nothing of it to undo.
      }
      reject(toStorageError(error));
      return;
    }
    transaction.oncomplete = () => resolve(read());
    // A failed request aborts the transaction with that request's error (a full disk shows here as the commit fails).
    transaction.onabort = () =>
      reject(toStorageError(transaction.error ?? new Error("the IndexedDB transaction was aborted")));
  });
}

function toStorageError(error: unknown): unknown {
  const quota = typeof error === "object" && error !== null && "name" in error && error.name === "QuotaExceededError";
  return quota ? new StorageQuotaError(undefined, { cause: error }) : error;
}
