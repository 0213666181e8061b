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
      // The fake fails at commit by aborting from script, which a transaction refuses once `commit()` was called;
      // a browser fails it in the database, `commit()` or not. Left to commit by itself, the fake can fail it.
      if (property === "commit") return () => undefined;
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

/** A connection of the test's own to `name`, as another tab (or an older SDK) would hold. */
function rawOpen(indexedDB: IDBFactory, name: string, upgrade?: (db: IDBDatabase) => void): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onupgradeneeded = () => upgrade?.(request.result);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function rawPut(db: IDBDatabase, value: unknown, key: IDBValidKey): Promise<void> {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction("kv", "readwrite");
    transaction.objectStore("kv").put(value, key);
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => reject(transaction.error);
  });
}

/** Every key and value of the `kv` store of the database `name`, in key order. */
async function rawEntries(indexedDB: IDBFactory, name: string): Promise<Array<[IDBValidKey, unknown]>> {
  const db = await rawOpen(indexedDB, name);
  try {
    return await new Promise((resolve, reject) => {
      const store = db.transaction("kv", "readonly").objectStore("kv");
      const keys = store.getAllKeys();
      const values = store.getAll();
      values.onsuccess = () => resolve(keys.result.map((key, index) => [key, values.result[index]]));
      values.onerror = () => reject(values.error);
    });
  } finally {
    db.close();
  }
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

    it("keeps areas apart whatever their names hold", async () => {
      const storage = create();
      // Named so that joining area and key with "/" or "\u0000" would give the same strings.
      const names = ["", "a", "a/b", "a\u0000b", "a\u0000", "a%2Fb", "a\uffff"];
      const areas = await Promise.all(names.map((name) => storage.open(name)));
      await Promise.all(
        areas.map((area, index) =>
          area.write({
            set: [
              ["x", index],
              ["b/x", index],
              ["b\u0000x", index],
            ],
          }),
        ),
      );
      const own = (index: number) => [
        ["b\u0000x", index],
        ["b/x", index],
        ["x", index],
      ];
      for (const [index, area] of areas.entries()) expect(await area.list("")).toEqual(own(index));

      await areas[1]?.clear();
      await storage.destroy("a/b");
      await storage.destroy("");
      expect(await areas[1]?.list("")).toEqual([]);
      for (const index of [3, 4, 5, 6]) expect(await areas[index]?.list("")).toEqual(own(index));
      expect(await (await storage.open("a/b")).list("")).toEqual([]);
      expect(await (await storage.open("")).list("")).toEqual([]);
    });

    it("lists every key under a prefix that ends in the last code unit", async () => {
      const area = await create().open("alice");
      await area.write({
        set: [
          ["m\uffff", 1],
          ["m\uffffa", 2],
          ["m\uffff\uffff\u0001", 3],
          ["n", 4],
          ["\uffff", 5],
          ["\uffff\uffffz", 6],
        ],
      });
      expect(await area.list("m")).toEqual([
        ["m\uffff", 1],
        ["m\uffffa", 2],
        ["m\uffff\uffff\u0001", 3],
      ]);
      expect(await area.list("m\uffff\uffff")).toEqual([["m\uffff\uffff\u0001", 3]]);
      expect(await area.list("\uffff")).toEqual([
        ["\uffff", 5],
        ["\uffff\uffffz", 6],
      ]);
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

  it("keeps every area in one database named with the prefix, under [area, key]", async () => {
    const indexedDB = new IDBFactory();
    const storage = storageOn(indexedDB);
    await (await storage.open("app/sessions")).write({ set: [["t", 1]] });
    await (await storage.open("app/users/alice")).write({ set: [["a", 2]] });
    await (await storageOn(indexedDB, "custom/").open("bob")).write({ set: [["b", 3]] });

    const names = (await indexedDB.databases()).map((database) => database.name).sort();
    expect(names).toEqual(["custom/store", "parley:store"]);
    // Each area's marker `[area]`, then its entries: the layout the e2e tests read.
    expect(await rawEntries(indexedDB, "parley:store")).toEqual([
      [["app/sessions"], expect.any(String)],
      [["app/sessions", "t"], 1],
      [["app/users/alice"], expect.any(String)],
      [["app/users/alice", "a"], 2],
    ]);
  });

  it("opens its database once, on first use, and keeps it open for every area", async () => {
    const factory = new IDBFactory();
    let opened = 0;
    const counting = intercept(factory, (property) =>
      property === "open"
        ? (name: string, version?: number) => {
            opened++;
            return factory.open(name, version);
          }
        : undefined,
    );
    const storage = storageOn(counting);
    expect(opened).toBe(0);
    const [index, alice] = await Promise.all([storage.open("app/sessions"), storage.open("app/users/alice")]);
    await index.write({ set: [["t", 1]] });
    await index.close();
    await alice.write({ set: [["a", 1]] });
    await storage.destroy("app/users/bob");
    expect(await (await storage.open("app/sessions")).get("t")).toBe(1);
    expect(await alice.get("a")).toBe(1);
    expect(opened).toBe(1);
  });

  it("leaves the databases of the first layout (one per area) alone and does not read them", async () => {
    const indexedDB = new IDBFactory();
    const old = await rawOpen(indexedDB, "parley:alice", (db) => db.createObjectStore("kv"));
    await rawPut(old, "kept", "a");
    old.close();

    const area = await storageOn(indexedDB).open("alice");
    expect(await area.list("")).toEqual([]);
    await storageOn(indexedDB).destroy("alice");
    expect((await indexedDB.databases()).map((database) => database.name).sort()).toEqual([
      "parley:alice",
      "parley:store",
    ]);
  });

  it("closes its handles of an area another tab destroys, and leaves its other areas open", async () => {
    const indexedDB = new IDBFactory();
    const thisTab = storageOn(indexedDB);
    const alice = await thisTab.open("alice");
    const bob = await thisTab.open("bob");
    await alice.write({ set: [["a", 1]] });
    await bob.write({ set: [["b", 2]] });

    await storageOn(indexedDB).destroy("alice");
    await expect(alice.get("a")).rejects.toThrow(/closed/);
    await expect(alice.write({ set: [["a", 3]] })).rejects.toThrow(/closed/);
    expect(await bob.get("b")).toBe(2);
    expect(await (await thisTab.open("alice")).list("")).toEqual([]);
    // The tombstone of Alice's epoch, which names neither her nor the area.
    expect(await rawEntries(indexedDB, "parley:store")).toEqual([
      [["bob"], expect.any(String)],
      [["bob", "b"], 2],
      [[[expect.any(String)]], 1],
    ]);
  });

  it("does not write an area another tab destroyed back into being, even once that tab opened it again", async () => {
    const indexedDB = new IDBFactory();
    const stale = await storageOn(indexedDB).open("alice");
    await stale.write({ set: [["draft", "before the sign-out"]] });

    const otherTab = storageOn(indexedDB);
    await otherTab.destroy("alice");
    const fresh = await otherTab.open("alice");
    await fresh.write({ set: [["draft", "after"]] });

    await expect(
      stale.write({
        set: [
          ["draft", "late"],
          ["more", 1],
        ],
      }),
    ).rejects.toThrow(/closed/);
    expect(await fresh.list("")).toEqual([["draft", "after"]]);
  });

  it("deletes what another tab's write in progress adds to the area it destroys", async () => {
    const indexedDB = new IDBFactory();
    const storage = storageOn(indexedDB);
    await (await storage.open("alice")).write({ set: [["a", 1]] });
    await (await storage.open("bob")).write({ set: [["b", 2]] });

    // Another tab's transaction, kept going with one read after another until the test lets it commit.
    const otherTab = await rawOpen(indexedDB, "parley:store");
    const writing = otherTab.transaction("kv", "readwrite");
    const store = writing.objectStore("kv");
    store.put("late", ["alice", "z"]);
    let holding = true;
    const keepGoing = () => {
      if (holding) store.get(["alice"]).onsuccess = keepGoing;
    };
    keepGoing();
    const committed = new Promise((resolve) => {
      writing.oncomplete = resolve;
    });

    let destroyed = false;
    const destroying = storage.destroy("alice").then(() => {
      destroyed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(destroyed).toBe(false);

    holding = false;
    await committed;
    await destroying;
    otherTab.close();
    expect(await rawEntries(indexedDB, "parley:store")).toEqual([
      [["bob"], expect.any(String)],
      [["bob", "b"], 2],
      [[[expect.any(String)]], 1],
    ]);
  });

  it("commits a write at once, once the handle knows its area, so a page going away keeps it", async () => {
    const factory = new IDBFactory();
    const commits: IDBTransactionMode[] = [];
    const counting = intercept(factory, (property) => {
      if (property !== "open") return undefined;
      return (name: string, version?: number) => {
        const request = factory.open(name, version);
        const db = () =>
          intercept(request.result, (inner) =>
            inner === "transaction"
              ? (stores: string, mode?: IDBTransactionMode) => {
                  const transaction = request.result.transaction(stores, mode);
                  return intercept(transaction, (method) =>
                    method === "commit"
                      ? () => {
                          commits.push(transaction.mode);
                          transaction.commit();
                        }
                      : undefined,
                  );
                }
              : undefined,
          );
        return intercept(request, (inner) => (inner === "result" ? db() : undefined));
      };
    });
    const area = await storageOn(counting).open("alice");
    // The first write of an empty area creates its marker, deciding that in a callback: no commit() there.
    await area.write({ set: [["a", 1]] });
    expect(commits).toEqual([]);
    await area.write({ set: [["b", 2]], remove: ["a"] });
    await area.clear();
    expect(commits).toEqual(["readwrite", "readwrite"]);
    expect(await area.list("")).toEqual([]);
  });

  it("lets the browser delete its database, rejects the handles it had, and opens a new one on next use", async () => {
    const indexedDB = new IDBFactory();
    const storage = storageOn(indexedDB);
    const area = await storage.open("alice");
    await area.write({ set: [["a", 1]] });

    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase("parley:store");
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
      request.onblocked = () => reject(new Error("blocked by the storage's connection"));
    });
    await expect(area.get("a")).rejects.toThrow(/closed/);
    await expect(area.write({ set: [["a", 2]] })).rejects.toThrow(/closed/);

    const reopened = await storage.open("alice");
    expect(await reopened.list("")).toEqual([]);
    await reopened.write({ set: [["a", 3]] });
    expect(await reopened.get("a")).toBe(3);
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
