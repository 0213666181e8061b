import { randomUuid } from "../ids";
import { type OfflineStorage, type StorageArea, StorageQuotaError, type StoredValue } from "./storage";

export interface IndexedDbStorageOptions {
  /** The IndexedDB to use: the global one by default; in Node, fake-indexeddb's `new IDBFactory()`. */
  indexedDB?: IDBFactory;
  /**
   * The `IDBKeyRange` of that same IndexedDB: the global one by default. An implementation only reads key ranges it
   * made itself, so one passed `indexedDB` where there is no global IndexedDB passes this along with it.
   */
  IDBKeyRange?: typeof IDBKeyRange;
  /**
   * Put before `store` to name the one database every area shares (`parley:store` by default), so the SDK's database
   * stands apart from the app's.
   */
  databasePrefix?: string;
}

/** The database's one object store, and the version that made it. */
const STORE = "kv";
const VERSION = 1;

/**
 * An IndexedDB key that sorts after every `[area, key]` of an area, and before any other area's keys: arrays sort after
 * strings, so `[area, []]` follows `[area, anyString]`.
 */
const AFTER_EVERY_KEY: IDBValidKey = [];

/**
 * A browser's storage: one IndexedDB database (`${databasePrefix}store`) for every area, opened on first use and kept
 * open, with one object store of values. An area's entry `key` is stored under the array key `[area, key]`, so two
 * areas can never share or reach each other's keys whatever their names hold (`a` and `a/b`, names with any
 * character): an area's keys are one key range, which `list`, `clear` and `destroy` read or delete.
 *
 * Besides its entries, an area has a marker under `[area]` (before its first entry) holding a random epoch, written by
 * the first write into the empty area. A handle remembers the epoch it first saw. `destroy` deletes the marker with
 * the entries and leaves a tombstone `[[epoch]]` (no area name in it, after every area's keys), so that a handle of
 * a destroyed area, here or in another tab (a sign-out there), rejects as closed and never writes the area back into
 * being: its reads check the marker, its writes fail on the tombstone.
 *
 * A write is one transaction, so it happens whole or not at all. Once a handle knows its epoch, a write decides
 * nothing in a callback and calls `commit()`: the browser then finishes it even when the page goes away just after
 * (a `pagehide` flush), where an uncommitted transaction is dropped.
 *
 * The layer's first layout (one database per area, `parley:<area>`) was never released: such databases are ignored
 * and left as they are, not read or migrated.
 */
export function indexedDbStorage(options: IndexedDbStorageOptions = {}): OfflineStorage {
  const databaseName = `${options.databasePrefix ?? "parley:"}store`;
  // Each open handle's way to close itself, by area: destroy closes this page's handles of the area at once.
  const handles = new Map<string, Set<() => void>>();
  let connecting: Promise<Connection> | null = null;

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

  /**
   * The shared connection, opened by the first area that needs it. When it is lost (another tab deletes or upgrades
   * the database, the user clears the site's data) the handles opened on it reject as closed, and the next `open`
   * or `destroy` opens a new one.
   */
  function connect(): Promise<Connection> {
    if (connecting) return connecting;
    const attempt = openDatabase(factory(), databaseName, () => {
      if (connecting === attempt) connecting = null;
    });
    connecting = attempt;
    // A failed open is tried again by the next caller rather than remembered.
    attempt.catch(() => {
      if (connecting === attempt) connecting = null;
    });
    return attempt;
  }

  return {
    kind: "indexeddb",

    async open(name) {
      const ranges = keyRanges();
      const connection = await connect();
      const marker: IDBValidKey = [name];
      // The marker this handle first saw: undefined before its first transaction, null when the area had none.
      let epoch: string | null | undefined;
      let closed = false;
      const open = handles.get(name) ?? new Set();
      handles.set(name, open);
      const release = (): void => {
        closed = true;
        open.delete(release);
        if (open.size === 0 && handles.get(name) === open) handles.delete(name);
      };
      open.add(release);

      const closedError = () => new Error(`the storage area "${name}" is closed`);

      /**
       * One transaction on the area: `issue` makes its requests and returns how to read their result once the
       * transaction has committed, so a read never reports what a failed transaction saw. A handle that knows its
       * epoch writes after an `add` of that epoch's tombstone (taken back at once), which fails, and aborts the
       * write, once the area was destroyed; otherwise the area's marker is read in the same transaction, and one
       * other than the handle's aborts it (and an empty area's first write creates it).
       */
      const transaction = <T>(mode: IDBTransactionMode, issue: (store: IDBObjectStore) => () => T): Promise<T> => {
        if (closed || connection.lost) return Promise.reject(closedError());
        return new Promise<T>((resolve, reject) => {
          let tx: IDBTransaction;
          try {
            tx = connection.db.transaction(STORE, mode);
          } catch (error) {
            // The connection is closing (its `versionchange` or `close` is on its way).
            reject(connection.lost ? closedError() : toStorageError(error));
            return;
          }
          let failure: unknown;
          let seen: string | null | undefined;
          let created: string | undefined;
          // Destroyed since this handle first used it (and maybe opened again): not this handle's area any more.
          const stale = (): void => {
            release();
            failure ??= closedError();
          };
          const fail = (error: unknown): void => {
            failure ??= error;
            try {
              tx.abort();
            } catch {
              // Already finished: nothing of it to undo.
            }
          };
          let read: () => T = () => undefined as T;
          tx.oncomplete = () => {
            if (created !== undefined) epoch = created;
            else if (typeof epoch !== "string") epoch = seen ?? null;
            resolve(read());
          };
          // A failed request aborts the transaction with that request's error (a full disk shows here as the commit
          // fails).
          tx.onabort = () =>
            reject(failure ?? toStorageError(tx.error ?? new Error("the IndexedDB transaction was aborted")));
          try {
            const store = tx.objectStore(STORE);
            const known = epoch;
            if (mode === "readwrite" && typeof known === "string") {
              const guard = store.add(1, tombstone(known));
              // Not prevented, the error aborts the transaction, with the `closed` error as its failure.
              guard.onerror = () => {
                if (guard.error?.name === "ConstraintError") stale();
              };
              store.delete(tombstone(known));
              read = issue(store);
              if (typeof tx.commit === "function") tx.commit();
              return;
            }
            const check: IDBRequest<unknown> = store.get(marker);
            check.onsuccess = () => {
              const found = typeof check.result === "string" ? check.result : null;
              if (typeof known === "string" && found !== known) {
                stale();
                fail(closedError());
                return;
              }
              seen = found;
              if (found === null && mode === "readwrite") {
                created = newEpoch();
                try {
                  store.put(created, marker);
                } catch (error) {
                  fail(toStorageError(error));
                }
              }
            };
            read = issue(store);
          } catch (error) {
            // A request that throws (a value that cannot be cloned, a full disk in some browsers) must not leave the
            // requests made before it to commit alone.
            fail(toStorageError(error));
          }
        });
      };

      /** The keys of this area that start with `prefix`. */
      const startingWith = (prefix: string): IDBKeyRange => {
        const next = successor(prefix);
        return ranges.bound([name, prefix], next === null ? [name, AFTER_EVERY_KEY] : [name, next], false, true);
      };

      const area: StorageArea = {
        get<T = StoredValue>(key: string): Promise<T | undefined> {
          return transaction("readonly", (store) => {
            const request: IDBRequest<unknown> = store.get([name, key]);
            return () => request.result as T | undefined;
          });
        },

        list<T = StoredValue>(prefix: string): Promise<Array<[key: string, value: T]>> {
          return transaction("readonly", (store) => {
            const range = startingWith(prefix);
            const keys = store.getAllKeys(range);
            const values: IDBRequest<unknown[]> = store.getAll(range);
            return () =>
              keys.result.map((key, index): [string, T] => [(key as [string, string])[1], values.result[index] as T]);
          });
        },

        async write({ set = [], remove = [] }) {
          if (set.length === 0 && remove.length === 0) return;
          for (const [key, value] of set) {
            if (value === undefined) throw new TypeError(`cannot store undefined at "${key}": remove the key instead`);
          }
          await transaction("readwrite", (store) => {
            for (const [key, value] of set) store.put(value, [name, key]);
            for (const key of remove) store.delete([name, key]);
            return () => undefined;
          });
        },

        async clear() {
          await transaction("readwrite", (store) => {
            store.delete(startingWith(""));
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
      const ranges = keyRanges();
      // Closed before anything waits, so no handle of this page writes into the area while it goes.
      for (const release of [...(handles.get(name) ?? [])]) release();
      handles.delete(name);
      const { db } = await connect();
      await new Promise<void>((resolve, reject) => {
        try {
          const tx = db.transaction(STORE, "readwrite");
          tx.oncomplete = () => resolve();
          tx.onabort = () => reject(toStorageError(tx.error ?? new Error("the IndexedDB transaction was aborted")));
          const store = tx.objectStore(STORE);
          const marker = store.get([name]);
          // Handles that saw this epoch, in any tab, fail their next write on its tombstone.
          marker.onsuccess = () => {
            if (typeof marker.result === "string") store.put(1, tombstone(marker.result));
          };
          // The marker `[name]` and every `[name, key]`: handles' reads see the marker gone.
          store.delete(ranges.bound([name], [name, AFTER_EVERY_KEY], false, true));
        } catch (error) {
          // The connection is closing under it (the database is being deleted or upgraded elsewhere).
          reject(toStorageError(error));
        }
      });
    },
  };
}

interface Connection {
  db: IDBDatabase;
  /** Closed under the storage: its handles reject, and the storage opens a new connection. */
  lost: boolean;
}

function openDatabase(indexedDB: IDBFactory, name: string, onLost: () => void): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
    };
    request.onsuccess = () => {
      const connection: Connection = { db: request.result, lost: false };
      const lose = () => {
        if (connection.lost) return;
        connection.lost = true;
        connection.db.close();
        onLost();
      };
      // Set before anything else can run: another tab deleting the database, or a newer SDK upgrading it, waits on
      // this connection until it closes.
      connection.db.onversionchange = lose;
      // The browser closes it itself when the user clears the site's data.
      connection.db.onclose = lose;
      resolve(connection);
    };
    request.onerror = () => reject(toStorageError(request.error));
  });
}

/**
 * The least string after every string that starts with `prefix` (in code-unit order, as IndexedDB compares), or null
 * when there is none (`prefix` is empty or all `\uffff`): then the prefix's keys run to the end of the area.
 */
function successor(prefix: string): string | null {
  let end = prefix.length;
  while (end > 0 && prefix.charCodeAt(end - 1) === 0xffff) end--;
  if (end === 0) return null;
  return prefix.slice(0, end - 1) + String.fromCharCode(prefix.charCodeAt(end - 1) + 1);
}

/**
 * The key `destroy` leaves for a destroyed area's epoch: an array in an array, so it sorts after every `[area, …]` key
 * and lies in no area's range; the epoch is random, so it names no area and no user.
 */
function tombstone(epoch: string): IDBValidKey {
  return [[epoch]];
}

/** A marker no other handle, here or in another tab, has seen. */
function newEpoch(): string {
  return randomUuid();
}

function toStorageError(error: unknown): unknown {
  const quota = typeof error === "object" && error !== null && "name" in error && error.name === "QuotaExceededError";
  return quota ? new StorageQuotaError(undefined, { cause: error }) : error;
}
