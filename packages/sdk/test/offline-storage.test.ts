import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { describe, expect, expectTypeOf, it } from "vitest";
import { indexedDbStorage } from "../src/offline/indexeddb-storage";
import { type KeyValueBackend, keyValueStorage } from "../src/offline/key-value-storage";
import { memoryStorage } from "../src/offline/memory-storage";
import { type OfflineStorage, StorageQuotaError } from "../src/offline/storage";

/** An AsyncStorage-like store in a Map; past `capacity` characters it rejects the way a full browser store does. */
class MapBackend implements KeyValueBackend {
  readonly items = new Map<string, string>();
  setFailure: unknown;

  constructor(private readonly capacity = Number.POSITIVE_INFINITY) {}

  async getItem(key: string): Promise<string | null> {
    return this.items.get(key) ?? null;
  }
  async setItem(key: string, value: string): Promise<void> {
    this.#fit([[key, value]]);
    this.items.set(key, value);
  }
  async removeItem(key: string): Promise<void> {
    this.items.delete(key);
  }
  async getAllKeys(): Promise<readonly string[]> {
    return [...this.items.keys()];
  }
  async multiGet(keys: readonly string[]): Promise<Array<[string, string | null]>> {
    return keys.map((key) => [key, this.items.get(key) ?? null]);
  }
  async multiSet(pairs: Array<[string, string]>): Promise<void> {
    this.#fit(pairs);
    for (const [key, value] of pairs) this.items.set(key, value);
  }
  async multiRemove(keys: readonly string[]): Promise<void> {
    for (const key of keys) this.items.delete(key);
  }

  #fit(pairs: Array<[string, string]>): void {
    if (this.setFailure !== undefined) throw this.setFailure;
    const after = new Map(this.items);
    for (const [key, value] of pairs) after.set(key, value);
    let size = 0;
    for (const [key, value] of after) size += key.length + value.length;
    if (size > this.capacity) throw Object.assign(new Error("not enough room"), { name: "QuotaExceededError" });
  }
}

/** The same store with only the four methods every backend has, so the adapter goes key by key. */
function withoutBatches(backend: MapBackend): KeyValueBackend {
  return {
    getItem: (key) => backend.getItem(key),
    setItem: (key, value) => backend.setItem(key, value),
    removeItem: (key) => backend.removeItem(key),
    getAllKeys: () => backend.getAllKeys(),
  };
}

/** `target`, with the properties `answer` knows answered by it; methods stay bound to the target. */
function intercept<T extends object>(target: T, answer: (property: string | symbol) => unknown): T {
  return new Proxy(target, {
    get(object, property) {
      const answered = answer(property);
      if (answered !== undefined) return answered;
      const value: unknown = Reflect.get(object, property, object);
      return typeof value === "function" ? value.bind(object) : value;
    },
    set(object, property, value) {
      return Reflect.set(object, property, value, object);
    },
  });
}

/**
 * fake-indexeddb with a quota: a value longer than `capacity` as JSON fails as browsers fail it. Browsers let the put
 * succeed and abort the transaction at commit with a `QuotaExceededError` (`"abort"`); some throw it from the put.
 */
function indexedDbWithQuota(capacity: number, failure: "abort" | "throw" = "abort"): IDBFactory {
  const factory = new IDBFactory();
  const fits = (value: unknown) => (JSON.stringify(value)?.length ?? 0) <= capacity;
  const quotaError = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");

  const wrapStore = (store: IDBObjectStore, transaction: IDBTransaction, onQuota: () => void) =>
    intercept(store, (property) => {
      if (property !== "put") return undefined;
      return (value: unknown, key?: IDBValidKey) => {
        if (fits(value)) return store.put(value, key);
        if (failure === "throw") throw quotaError();
        const request = store.put(value, key);
        request.addEventListener("success", () => {
          onQuota();
          transaction.abort();
        });
        return request;
      };
    });

  const wrapTransaction = (transaction: IDBTransaction) => {
    let error: DOMException | undefined;
    return intercept(transaction, (property) => {
      if (property === "error") return error;
      if (property !== "objectStore") return undefined;
      return (name: string) =>
        wrapStore(transaction.objectStore(name), transaction, () => {
          error = quotaError();
        });
    });
  };

  const wrapDatabase = (db: IDBDatabase) =>
    intercept(db, (property) =>
      property === "transaction"
        ? (stores: string | string[], mode?: IDBTransactionMode) => wrapTransaction(db.transaction(stores, mode))
        : undefined,
    );

  return intercept(factory, (property) => {
    if (property !== "open") return undefined;
    return (name: string, version?: number) => {
      const request = factory.open(name, version);
      return intercept(request, (inner) => (inner === "result" ? wrapDatabase(request.result) : undefined));
    };
  });
}

interface Subject {
  name: string;
  create(): OfflineStorage;
  /** A storage whose backend holds a few hundred characters and then says it is full. */
  createSmall(): OfflineStorage;
}

const SMALL = 500;

const subjects: Subject[] = [
  {
    name: "memory",
    create: () => memoryStorage(),
    createSmall: () => memoryStorage({ quotaBytes: SMALL }),
  },
  {
    name: "IndexedDB",
    create: () => indexedDbStorage({ indexedDB: new IDBFactory(), IDBKeyRange }),
    createSmall: () => indexedDbStorage({ indexedDB: indexedDbWithQuota(SMALL), IDBKeyRange }),
  },
  {
    name: "key-value",
    create: () => keyValueStorage(new MapBackend()),
    createSmall: () => keyValueStorage(new MapBackend(SMALL)),
  },
  {
    name: "key-value without batch methods",
    create: () => keyValueStorage(withoutBatches(new MapBackend())),
    createSmall: () => keyValueStorage(withoutBatches(new MapBackend(SMALL))),
  },
];

/** Every byte value, over more bytes than the base64 codec turns into a string at once. */
function sampleBytes(length = 20_000): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => (index * 7) % 256);
}

for (const { name, create, createSmall } of subjects) {
  describe(`${name} storage`, () => {
    it("answers undefined for a key it does not hold", async () => {
      const area = await create().open("alice");
      expect(await area.get("missing")).toBeUndefined();
    });

    it("reads back nested JSON as it was written", async () => {
      const area = await create().open("alice");
      const value = {
        text: "hi",
        n: 1.5,
        ok: true,
        none: null,
        list: [1, "two", { three: [3] }],
        nested: { deep: {} },
      };
      await area.write({ set: [["message/1", value]] });
      expect(await area.get("message/1")).toEqual(value);
    });

    it("reads back bytes it was given as a Uint8Array", async () => {
      const area = await create().open("alice");
      const bytes = sampleBytes();
      await area.write({
        set: [
          ["file/1", bytes],
          ["file/2", { name: "a.png", bytes: new Uint8Array([0, 1, 255]) }],
        ],
      });

      const read = await area.get("file/1");
      expect(read).toBeInstanceOf(Uint8Array);
      expect(read).toEqual(bytes);
      const nested = await area.get<{ name: string; bytes: Uint8Array }>("file/2");
      expect(nested?.bytes).toBeInstanceOf(Uint8Array);
      expect(nested).toEqual({ name: "a.png", bytes: new Uint8Array([0, 1, 255]) });
    });

    it("keeps an object shaped like its bytes tag as an object", async () => {
      const area = await create().open("alice");
      const lookalikes = [{ $bytes: "AAH/" }, { $object: [["a", 1]] }, { $bytes: { $bytes: "AAH/" } }];
      await area.write({ set: lookalikes.map((value, index): [string, unknown] => [`custom/${index}`, value]) });
      expect((await area.list("custom/")).map(([, value]) => value)).toEqual(lookalikes);
    });

    it("keeps its own copy of what is written and what is read", async () => {
      const area = await create().open("alice");
      const value = { list: [1, 2] };
      await area.write({ set: [["k", value]] });
      value.list.push(3);
      const read = await area.get<{ list: number[] }>("k");
      read?.list.push(4);
      expect(await area.get("k")).toEqual({ list: [1, 2] });
    });

    it("lists the entries under a prefix in key order and none under other prefixes", async () => {
      const area = await create().open("alice");
      await area.write({
        set: [
          ["msg/b", 2],
          ["other/a", 0],
          ["msg/é", 5],
          ["msg/a", 1],
          ["msg", -1],
          ["msf/z", 0],
          ["msg/B", 0],
          ["msh", 0],
        ],
      });
      // Code-unit order, as IndexedDB sorts: capitals before small letters, "é" after "z".
      expect(await area.list("msg/")).toEqual([
        ["msg/B", 0],
        ["msg/a", 1],
        ["msg/b", 2],
        ["msg/é", 5],
      ]);
      expect(await area.list("nothing/")).toEqual([]);
    });

    it("lists every entry of the area for an empty prefix", async () => {
      const area = await create().open("alice");
      await area.write({
        set: [
          ["b", 2],
          ["a", 1],
        ],
      });
      expect(await area.list("")).toEqual([
        ["a", 1],
        ["b", 2],
      ]);
    });

    it("applies the sets and removes of one write together", async () => {
      const area = await create().open("alice");
      await area.write({
        set: [
          ["a", 1],
          ["b", 2],
        ],
      });
      await area.write({
        set: [
          ["a", 10],
          ["c", 3],
        ],
        remove: ["b", "never-there"],
      });
      expect(await area.list("")).toEqual([
        ["a", 10],
        ["c", 3],
      ]);
    });

    it("applies a write's removes after its sets", async () => {
      const area = await create().open("alice");
      await area.write({ set: [["a", 1]], remove: ["a"] });
      expect(await area.get("a")).toBeUndefined();
    });

    it("keeps two areas apart under the same keys", async () => {
      const storage = create();
      const alice = await storage.open("app:alice");
      const bob = await storage.open("app:bob");
      await alice.write({ set: [["draft", "alice's"]] });
      await bob.write({ set: [["draft", "bob's"]] });

      expect(await alice.list("")).toEqual([["draft", "alice's"]]);
      expect(await bob.get("draft")).toBe("bob's");
      await alice.clear();
      expect(await bob.get("draft")).toBe("bob's");
    });

    it("keeps an area apart from one whose name continues it after a slash", async () => {
      const storage = create();
      const outer = await storage.open("app");
      const inner = await storage.open("app/user");
      await outer.write({ set: [["user/x", "outer"]] });
      await inner.write({ set: [["x", "inner"]] });

      expect(await outer.list("")).toEqual([["user/x", "outer"]]);
      await storage.destroy("app");
      expect(await inner.list("")).toEqual([["x", "inner"]]);
    });

    it("clears every key of the area", async () => {
      const area = await create().open("alice");
      await area.write({
        set: [
          ["a", 1],
          ["b/c", 2],
        ],
      });
      await area.clear();
      expect(await area.list("")).toEqual([]);
      await area.write({ set: [["a", 3]] });
      expect(await area.get("a")).toBe(3);
    });

    it("is empty when reopened after destroy", async () => {
      const storage = create();
      const area = await storage.open("alice");
      await area.write({ set: [["a", 1]] });
      await storage.destroy("alice");
      const reopened = await storage.open("alice");
      expect(await reopened.list("")).toEqual([]);
    });

    it("closes the handles of an area it destroys", async () => {
      const storage = create();
      const area = await storage.open("alice");
      await storage.destroy("alice");
      await expect(area.get("a")).rejects.toThrow(/closed/);
      await expect(area.write({ set: [["a", 1]] })).rejects.toThrow(/closed/);
    });

    it("destroys an area that was never opened", async () => {
      await expect(create().destroy("nobody")).resolves.toBeUndefined();
    });

    it("keeps the data of an area across closing and reopening it", async () => {
      const storage = create();
      const area = await storage.open("alice");
      await area.write({ set: [["a", { kept: true }]] });
      await area.close();
      const reopened = await storage.open("alice");
      expect(await reopened.get("a")).toEqual({ kept: true });
    });

    it("rejects use of an area after it is closed", async () => {
      const area = await create().open("alice");
      await area.close();
      await expect(area.list("")).rejects.toThrow(/closed/);
    });

    it("rejects storing undefined and changes nothing", async () => {
      const area = await create().open("alice");
      await expect(
        area.write({
          set: [
            ["a", 1],
            ["b", undefined],
          ],
        }),
      ).rejects.toThrow(TypeError);
      expect(await area.list("")).toEqual([]);
    });

    it("rejects a write that does not fit with StorageQuotaError and applies none of it", async () => {
      const area = await createSmall().open("alice");
      await area.write({
        set: [
          ["kept", 1],
          ["doomed", 2],
        ],
      });

      const failed = area.write({
        set: [
          ["kept", 10],
          ["big", "x".repeat(SMALL * 2)],
        ],
        remove: ["doomed"],
      });
      await expect(failed).rejects.toBeInstanceOf(StorageQuotaError);
      expect(await area.list("")).toEqual([
        ["doomed", 2],
        ["kept", 1],
      ]);
    });
  });
}

describe("indexedDbStorage", () => {
  const storageOn = (indexedDB: IDBFactory, databasePrefix?: string) =>
    indexedDbStorage({ indexedDB, IDBKeyRange, databasePrefix });

  it("turns a put that throws QuotaExceededError into StorageQuotaError and rolls back the puts before it", async () => {
    const area = await storageOn(indexedDbWithQuota(SMALL, "throw")).open("alice");
    const failed = area.write({
      set: [
        ["small", 1],
        ["big", "x".repeat(SMALL * 2)],
      ],
    });

    const error = await failed.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageQuotaError);
    expect(error).toHaveProperty("cause.name", "QuotaExceededError");
    expect(await area.list("")).toEqual([]);
  });

  it("keeps the QuotaExceededError of an aborted commit as the cause", async () => {
    const area = await storageOn(indexedDbWithQuota(SMALL)).open("alice");
    const error = await area.write({ set: [["big", "x".repeat(SMALL * 2)]] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageQuotaError);
    expect(error).toHaveProperty("cause.name", "QuotaExceededError");
  });

  it("names each area's database with the prefix", async () => {
    const indexedDB = new IDBFactory();
    await storageOn(indexedDB).open("app:alice");
    await storageOn(indexedDB, "custom/").open("bob");
    const names = (await indexedDB.databases()).map((database) => database.name).sort();
    expect(names).toEqual(["custom/bob", "parley:app:alice"]);
  });

  it("closes its connection when another tab destroys the area, so the destroy goes through", async () => {
    const indexedDB = new IDBFactory();
    const thisTab = await storageOn(indexedDB).open("alice");
    await thisTab.write({ set: [["a", 1]] });

    await storageOn(indexedDB).destroy("alice");
    await expect(thisTab.get("a")).rejects.toThrow(/closed/);
    expect(await (await storageOn(indexedDB).open("alice")).list("")).toEqual([]);
  });

  it("finishes a destroy that a connection blocked once that connection closes", async () => {
    const indexedDB = new IDBFactory();
    await (await storageOn(indexedDB).open("alice")).close();
    const blocker = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("parley:alice");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });

    let destroyed = false;
    const destroying = storageOn(indexedDB)
      .destroy("alice")
      .then(() => {
        destroyed = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(destroyed).toBe(false);

    blocker.close();
    await destroying;
    expect(await indexedDB.databases()).toEqual([]);
  });

  it("rejects opening without an IndexedDB, or without its IDBKeyRange, with a TypeError", async () => {
    await expect(indexedDbStorage({ IDBKeyRange }).open("alice")).rejects.toThrow(TypeError);
    await expect(indexedDbStorage({ indexedDB: new IDBFactory() }).open("alice")).rejects.toThrow(/IDBKeyRange/);
  });
});

describe("keyValueStorage", () => {
  it("stores each entry as JSON under prefix, area and key, bytes as base64", async () => {
    const backend = new MapBackend();
    const area = await keyValueStorage(backend, { keyPrefix: "app1:" }).open("alice");
    await area.write({
      set: [
        ["msg/1", { text: "hi" }],
        ["file/1", new Uint8Array([0, 1, 255])],
      ],
    });
    expect(Object.fromEntries(backend.items)).toEqual({
      "app1:alice/msg/1": '{"text":"hi"}',
      "app1:alice/file/1": '{"$bytes":"AAH/"}',
    });
  });

  it("leaves keys outside its area alone when clearing and destroying", async () => {
    const backend = new MapBackend();
    backend.items.set("other-app:alice/a", "1");
    backend.items.set("parley:bob/a", "2");
    backend.items.set("parley:alice", "3");
    const storage = keyValueStorage(backend);
    const area = await storage.open("alice");
    await area.write({ set: [["a", 4]] });

    await area.clear();
    await area.write({ set: [["b", 5]] });
    await storage.destroy("alice");
    expect(Object.fromEntries(backend.items)).toEqual({
      "other-app:alice/a": "1",
      "parley:bob/a": "2",
      "parley:alice": "3",
    });
  });

  it("turns AsyncStorage's array of SQLITE_FULL errors into StorageQuotaError", async () => {
    const backend = new MapBackend();
    const full = [new Error("database or disk is full (code 13 SQLITE_FULL)")];
    backend.setFailure = full;
    const area = await keyValueStorage(backend).open("alice");

    const error = await area.write({ set: [["a", 1]] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StorageQuotaError);
    expect(error).toHaveProperty("cause", full);
  });

  it("passes other backend errors through as they are", async () => {
    const backend = new MapBackend();
    const denied = new Error("permission denied");
    backend.setFailure = denied;
    const area = await keyValueStorage(withoutBatches(backend)).open("alice");
    await expect(area.write({ set: [["a", 1]] })).rejects.toBe(denied);
  });

  it("wraps a rejection that is not an Error in one", async () => {
    const backend = new MapBackend();
    backend.setFailure = [new Error("bad value")];
    const area = await keyValueStorage(backend).open("alice");
    const error = await area.write({ set: [["a", 1]] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(StorageQuotaError);
    expect(error).toHaveProperty("cause", backend.setFailure);
  });

  it("does not take an area's name for a full disk", async () => {
    const backend = new MapBackend();
    const storage = keyValueStorage(backend);
    const area = await storage.open("full-disk-quota");
    await area.close();
    await expect(area.get("a")).rejects.not.toBeInstanceOf(StorageQuotaError);
  });

  it("takes React Native's AsyncStorage as its backend without wrapping", () => {
    // The methods of `AsyncStorageStatic` in @react-native-async-storage/async-storage that the adapter uses.
    type Callback = (error?: Error | null) => void;
    type KeyValuePair = [string, string | null];
    interface AsyncStorageStatic {
      getItem: (
        key: string,
        callback?: (error?: Error | null, result?: string | null) => void,
      ) => Promise<string | null>;
      setItem: (key: string, value: string, callback?: Callback) => Promise<void>;
      removeItem: (key: string, callback?: Callback) => Promise<void>;
      getAllKeys: (
        callback?: (error?: Error | null, keys?: readonly string[] | null) => void,
      ) => Promise<readonly string[]>;
      multiGet: (
        keys: readonly string[],
        callback?: (errors?: readonly (Error | null)[] | null, result?: readonly KeyValuePair[]) => void,
      ) => Promise<readonly KeyValuePair[]>;
      multiSet: (
        keyValuePairs: [string, string][],
        callback?: (errors?: readonly (Error | null)[] | null) => void,
      ) => Promise<void>;
      multiRemove: (
        keys: readonly string[],
        callback?: (errors?: readonly (Error | null)[] | null) => void,
      ) => Promise<void>;
    }
    expectTypeOf<AsyncStorageStatic>().toExtend<KeyValueBackend>();
  });
});
