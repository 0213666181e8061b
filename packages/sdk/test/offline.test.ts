import { IDBFactory, IDBKeyRange } from "fake-indexeddb";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { type ConnectionChange, ParleyClient, type ParleyClientOptions, type TMessage } from "../src";
import {
  indexedDbStorage,
  type KeyValueBackend,
  keyValueStorage,
  memoryStorage,
  type OfflineStorage,
  offline,
} from "../src/offline";
import { record, sdkApp, startServer, type TestServer, waitFor } from "./helpers";
import { type NetworkProxy, startProxy } from "./network-proxy";

let t: TestServer;
let baseUrl: string;
let proxy: NetworkProxy;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  ({ t, baseUrl } = await startServer());
  proxy = await startProxy(baseUrl);
});
afterEach(() => {
  proxy.setOnline(true);
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(async () => {
  await proxy?.close();
  await t?.close();
});

/**
 * An app where kim and lee share a channel. Kim's clients reach the server through the proxy the test cuts, with an
 * offline store in `storage` (which outlives a client, as a device's storage outlives an app restart); lee is
 * online directly and listening.
 */
async function room(storage: OfflineStorage = memoryStorage()) {
  const a = await sdkApp(t, baseUrl);
  cleanups.push(a.cleanup);
  const lee = await a.user("lee");
  await a.server("POST", "/users", { userId: "kim", nickname: "KIM" });
  const { token } = await a.server<{ token: string }>("POST", "/users/kim/token", {});
  const channel = await lee.channels.create({ name: "Room" });
  await a.server("POST", `/channels/${channel.id}/members`, { userIds: ["kim"] });
  const leeLog = record(lee);
  await lee.connect();

  /** A client of kim's on this device, as the app makes one at each start. */
  const kimClient = (options: Partial<ParleyClientOptions> = {}) => {
    const client = new ParleyClient({
      baseUrl: proxy.url,
      appId: a.appId,
      WebSocket,
      reconnect: { initialDelayMs: 50, maxDelayMs: 200 },
      offline: offline({ storage, retryDelayMs: { initial: 50, max: 200 } }),
      ...options,
    });
    cleanups.push(() => client.disconnect());
    return client;
  };
  const kim = kimClient();
  await kim.loginWithToken("kim", token);
  return { a, lee, leeLog, kim, kimClient, channel, storage };
}

function storeOf(client: ParleyClient) {
  if (!client.offline) throw new Error("the client was made without the offline option");
  return client.offline;
}

const texts = (messages: TMessage[]) => messages.map((m) => m.text);

describe("the outbox", () => {
  it("keeps sends and a reaction made offline and delivers each once, in order, when the network returns", async () => {
    const { kim, lee, leeLog, channel } = await room();
    const first = await lee.messages.send(channel.id, "are you there?");
    await kim.connect();
    await storeOf(kim).refreshMessages(channel.id);

    proxy.setOnline(false);
    const store = storeOf(kim);
    const items = [
      await store.send(channel.id, "one"),
      await store.send(channel.id, "two", { mood: "calm" }),
      await store.send(channel.id, "three"),
    ];
    await store.react(channel.id, { messageId: first.id }, "like");
    expect(store.outbox().map((i) => i.kind)).toEqual(["send", "send", "send", "react"]);
    expect(store.messages(channel.id).pending.map((i) => i.kind === "send" && i.text)).toEqual(["one", "two", "three"]);
    // The copy counts the reaction at once.
    expect(store.messages(channel.id).data.find((m) => m.id === first.id)?.myReactions).toEqual(["like"]);

    proxy.setOnline(true);
    store.flush();
    const sent = await Promise.all(items.map((item) => store.settled(item.id)));
    expect(texts(sent.filter((m): m is TMessage => m !== null))).toEqual(["one", "two", "three"]);
    await waitFor("the outbox to empty", () => store.outbox().length === 0);

    const history = await lee.messages.history(channel.id);
    expect(texts(history.messages)).toEqual(["are you there?", "one", "two", "three"]);
    expect(history.messages[2]?.metadata).toEqual({ mood: "calm" });
    expect(history.messages[0]?.reactions).toEqual({ like: 1 });
    await waitFor("lee to hear the three", () => leeLog.messages.length >= 4);
    expect(texts(leeLog.messages)).toEqual(["are you there?", "one", "two", "three"]);
  });

  it("survives an app restart: a new client on the same storage resumes offline and sends what was queued", async () => {
    const { kim, kimClient, lee, channel } = await room();
    const token = kim.sessionToken ?? "";
    proxy.setOnline(false);
    await storeOf(kim).send(channel.id, "typed in a tunnel");
    await storeOf(kim).send(channel.id, "and another");
    kim.disconnect();

    const restarted = kimClient();
    const user = await restarted.resume(token);
    expect(user.userId).toBe("kim");
    expect(
      storeOf(restarted)
        .outbox()
        .map((i) => i.kind === "send" && i.text),
    ).toEqual(["typed in a tunnel", "and another"]);

    proxy.setOnline(true);
    storeOf(restarted).flush();
    await waitFor("the outbox to empty", () => storeOf(restarted).outbox().length === 0, 10_000);
    const history = await lee.messages.history(channel.id);
    expect(texts(history.messages)).toEqual(["typed in a tunnel", "and another"]);
  });

  it("stores a message once when the answer to its send is lost after the server stored it", async () => {
    const { kim, lee, channel } = await room();
    const dropped = proxy.dropNextAnswer(/^POST \/v1\/channels\/[^/]+\/messages /);
    const item = await storeOf(kim).send(channel.id, "only once");
    await dropped;
    const message = await storeOf(kim).settled(item.id);
    expect(message?.clientMessageId).toBe(item.kind === "send" ? item.clientMessageId : "");
    const history = await lee.messages.history(channel.id);
    expect(texts(history.messages)).toEqual(["only once"]);
  });

  it("fails an item the server refuses for good with its code, sends the rest, and retries or discards on request", async () => {
    const { a, kim, lee, channel } = await room();
    const store = storeOf(kim);
    const tooLong = await store.send(channel.id, "x".repeat(20_000));
    const after = await store.send(channel.id, "short");
    await expect(store.settled(tooLong.id)).rejects.toMatchObject({ code: "3013" });
    await store.settled(after.id);
    expect(store.outbox()).toEqual([
      expect.objectContaining({ id: tooLong.id, state: "failed", error: expect.objectContaining({ code: "3013" }) }),
    ]);

    // Frozen: refused for good while it lasts; after unfreezing, a retry goes through.
    const moderate = async (action: "freeze" | "unfreeze") => {
      const res = await a.dashboard("POST", `/apps/${a.appId}/channels/${channel.id}/${action}`, {});
      expect(res.status).toBe(200);
    };
    await moderate("freeze");
    const frozen = await store.send(channel.id, "while frozen");
    await expect(store.settled(frozen.id)).rejects.toMatchObject({ code: "3021" });
    await moderate("unfreeze");
    await store.retry(frozen.id);
    await store.settled(frozen.id);
    await store.discard(tooLong.id);
    expect(store.outbox()).toEqual([]);
    expect(texts((await lee.messages.history(channel.id)).messages)).toEqual(["short", "while frozen"]);
  });

  it("folds an edit and a delete of a message still waiting into the waiting send", async () => {
    const { kim, lee, channel } = await room();
    const store = storeOf(kim);
    proxy.setOnline(false);
    const kept = await store.send(channel.id, "draft");
    const dropped = await store.send(channel.id, "oops");
    if (kept.kind !== "send" || dropped.kind !== "send") throw new Error("sends expected");
    // An item on its way cannot change; once the failed try put it back, it can.
    await waitFor("the sends to wait again", () => store.outbox().every((i) => i.state === "pending"), 10_000);
    expect(await store.edit(channel.id, { clientMessageId: kept.clientMessageId }, { text: "final" })).toMatchObject({
      text: "final",
    });
    expect(await store.delete(channel.id, { clientMessageId: dropped.clientMessageId })).toBeNull();
    expect(store.outbox().map((i) => i.kind === "send" && i.text)).toEqual(["final"]);
    proxy.setOnline(true);
    store.flush();
    await store.settled(kept.id);
    expect(texts((await lee.messages.history(channel.id)).messages)).toEqual(["final"]);
  });

  it("resolves a reaction to a message sent from the outbox once that message has its id", async () => {
    const { kim, lee, channel } = await room();
    const store = storeOf(kim);
    proxy.setOnline(false);
    const item = await store.send(channel.id, "react to me");
    if (item.kind !== "send") throw new Error("a send expected");
    const reaction = await store.react(channel.id, { clientMessageId: item.clientMessageId }, "like");
    proxy.setOnline(true);
    store.flush();
    await store.settled(reaction?.id ?? "");
    const [message] = (await lee.messages.history(channel.id)).messages;
    expect(message?.reactions).toEqual({ like: 1 });
  });

  it("sends read marks made offline as one reaching the furthest, leaving a message sent meanwhile unread", async () => {
    const { kim, lee, channel } = await room();
    const first = await lee.messages.send(channel.id, "one");
    const second = await lee.messages.send(channel.id, "two");
    await kim.connect();
    await storeOf(kim).refreshMessages(channel.id);

    proxy.setOnline(false);
    const store = storeOf(kim);
    await store.markRead(channel.id, first.seq);
    await store.markRead(channel.id, second.seq);
    await store.markRead(channel.id, first.seq);
    // The first mark went on its way at once; the two after it wait as one.
    const waiting = store.outbox().filter((i) => i.state === "pending");
    expect(waiting.map((i) => i.kind === "read" && i.seq)).toEqual([second.seq]);
    await lee.messages.send(channel.id, "three");

    proxy.setOnline(true);
    store.flush();
    await waitFor("the outbox to empty", () => store.outbox().length === 0);
    const seen = await kim.channels.get(channel.id);
    expect(seen.unreadCount).toBe(1);
  });

  it("never sends an item twice when two clients of the same user share the storage", async () => {
    const { kim, kimClient, lee, channel } = await room();
    const token = kim.sessionToken ?? "";
    const other = kimClient();
    await other.resume(token);
    proxy.setOnline(false);
    const items = [];
    for (let i = 0; i < 5; i++) items.push(await storeOf(i % 2 ? kim : other).send(channel.id, `tab ${i}`));
    proxy.setOnline(true);
    storeOf(kim).flush();
    storeOf(other).flush();
    await waitFor(
      "both outboxes to empty",
      () => storeOf(kim).outbox().length === 0 && storeOf(other).outbox().length === 0,
      10_000,
    );
    const history = await lee.messages.history(channel.id);
    expect(texts(history.messages)).toEqual(["tab 0", "tab 1", "tab 2", "tab 3", "tab 4"]);
  });
});

describe("the platform's word on the network", () => {
  it("drops the link when the network goes, waits for it without retrying, and reconnects at once when it is back", async () => {
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    let tell: (online: boolean) => void = () => {};
    const network = {
      subscribe(listener: (online: boolean) => void) {
        tell = listener;
        return () => {};
      },
    };
    // Retries far apart: only the network's word can bring the link back within the test.
    const kim = await a.user("kim", {
      reconnect: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
      offline: offline({ network }),
    });
    const changes: ConnectionChange[] = [];
    kim.on("connection", (change) => changes.push(change));
    await kim.connect();
    tell(false);
    expect(kim.connectionState).toBe("reconnecting");
    expect(kim.connectionWaitingFor).toBe("network");
    tell(true);
    await waitFor("the link to open again", () => kim.connectionState === "open");
    expect(changes.map(({ state, waitingFor, delayMs }) => ({ state, waitingFor, delayMs }))).toEqual([
      { state: "connecting", waitingFor: undefined, delayMs: undefined },
      { state: "open", waitingFor: undefined, delayMs: undefined },
      { state: "reconnecting", waitingFor: "network", delayMs: undefined },
      { state: "reconnecting", waitingFor: undefined, delayMs: 0 },
      { state: "open", waitingFor: undefined, delayMs: undefined },
    ]);
  });
});

describe("what watchers hear", () => {
  it("tells a channel's watcher when its last pending item is discarded, and marks a refresh as the network's", async () => {
    const { kim, channel } = await room();
    const store = storeOf(kim);
    proxy.setOnline(false);
    const item = await store.send(channel.id, "never mind");
    const heard: Array<{ pending: number; source: string }> = [];
    const stop = store.watchMessages(channel.id, (m) => heard.push({ pending: m.pending.length, source: m.source }));
    await waitFor("the first answer", () => heard.length > 0);
    // Discarded while on its way, it goes once that try fails.
    await store.discard(item.id);
    await waitFor("the watcher to hear it gone", () => heard.at(-1)?.pending === 0, 10_000);
    expect(store.outbox()).toEqual([]);
    proxy.setOnline(true);
    await store.refreshMessages(channel.id);
    expect(heard.at(-1)?.source).toBe("network");
    stop();
  });
});

describe("a refresh of the copy's messages", () => {
  it("keeps a message the copy heard while the server's page was on its way, as well as the page", async () => {
    const { kim, lee, channel } = await room();
    const store = storeOf(kim);
    await lee.messages.send(channel.id, "before");
    await kim.connect();
    await store.refreshMessages(channel.id);

    // The page is read before Lee's next message is stored, and reaches the copy after its event did.
    const read = kim.messages.history.bind(kim.messages);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let pageRead = false;
    const history = vi.spyOn(kim.messages, "history").mockImplementation(async (...args) => {
      const page = await read(...args);
      pageRead = true;
      await held;
      return page;
    });
    const refreshing = store.refreshMessages(channel.id);
    await waitFor("the page to be read", () => pageRead);
    await lee.messages.send(channel.id, "during");
    await waitFor("the copy to hear it", () => store.messages(channel.id).data.some((m) => m.text === "during"));
    release();
    await refreshing;

    expect(store.messages(channel.id).data.map((m) => m.text)).toEqual(["before", "during"]);
    history.mockRestore();
  });
});

describe("the local copy", () => {
  it("answers channels and messages from the store after a restart, before and without the network", async () => {
    const { kim, kimClient, lee, channel } = await room();
    await lee.messages.send(channel.id, "hello");
    await lee.messages.send(channel.id, "again");
    const fromNetwork = await storeOf(kim).refreshChannels();
    expect(fromNetwork.source).toBe("network");
    await storeOf(kim).refreshMessages(channel.id);
    await storeOf(kim).persist();
    const token = kim.sessionToken ?? "";
    kim.disconnect();

    proxy.setOnline(false);
    const restarted = kimClient();
    await restarted.resume(token);
    await storeOf(restarted).ready();
    const channels = storeOf(restarted).channels();
    expect(channels.source).toBe("store");
    expect(channels.data.map((c) => c.name)).toEqual(["Room"]);
    expect(channels.data[0]?.lastMessage?.text).toBe("again");
    const messages = storeOf(restarted).messages(channel.id);
    expect(messages.source).toBe("store");
    expect(texts(messages.data)).toEqual(["hello", "again"]);
  });

  it("catches up from its stored cursor after a restart: what came while away reaches the copy", async () => {
    const { kim, kimClient, lee, channel } = await room();
    await kim.connect();
    await storeOf(kim).refreshMessages(channel.id);
    await lee.messages.send(channel.id, "before");
    await waitFor("the copy to hear it", () => storeOf(kim).messages(channel.id).data.length === 1);
    const token = kim.sessionToken ?? "";
    await storeOf(kim).persist();
    kim.disconnect();
    await lee.messages.send(channel.id, "while away");

    const restarted = kimClient();
    await restarted.resume(token);
    const log = record(restarted);
    await restarted.connect();
    await waitFor("the missed message", () => log.messages.length === 1);
    expect(texts(log.messages)).toEqual(["while away"]);
    expect(texts(storeOf(restarted).messages(channel.id).data)).toEqual(["before", "while away"]);
  });

  it("keeps each user's copy apart on one device, and logout deletes the user's copy", async () => {
    const storage = memoryStorage();
    const { a, kim, kimClient, channel } = await room(storage);
    await storeOf(kim).refreshChannels();
    await storeOf(kim).send(channel.id, "queued");
    const token = kim.sessionToken ?? "";

    await a.server("POST", "/users", { userId: "park", nickname: "PARK" });
    const park = kimClient();
    const { token: parkToken } = await a.server<{ token: string }>("POST", "/users/park/token", {});
    await park.loginWithToken("park", parkToken);
    expect(storeOf(park).channels().data).toEqual([]);
    expect(storeOf(park).outbox()).toEqual([]);

    kim.disconnect();
    await storeOf(kim).ready();
    await kim.logout();
    const again = kimClient();
    proxy.setOnline(false);
    // The device no longer knows the session, so it cannot be resumed without the server.
    await expect(again.resume(token)).rejects.toThrow();
    const area = await storage.open(`${a.appId}/users/kim`);
    expect(await area.list("")).toEqual([]);
  });

  it("keeps the copy when logout is asked to, for the same user's next login", async () => {
    const { a, kim, kimClient } = await room();
    await storeOf(kim).refreshChannels();
    await kim.logout({ keepOfflineData: true });
    const { token } = await a.server<{ token: string }>("POST", "/users/kim/token", {});
    proxy.setOnline(false);
    const next = kimClient();
    await expect(next.loginWithToken("kim", token)).rejects.toThrow();
    proxy.setOnline(true);
    await next.loginWithToken("kim", token);
    expect(
      storeOf(next)
        .channels()
        .data.map((c) => c.name),
    ).toEqual(["Room"]);
  });

  it("goes on in memory with a degraded event when the storage is full, losing nothing queued", async () => {
    const { kim, lee, channel } = await room(memoryStorage({ quotaBytes: 2_000 }));
    const store = storeOf(kim);
    const degraded = new Promise<Error>((resolve) => store.on("degraded", ({ error }) => resolve(error)));
    proxy.setOnline(false);
    const items = [];
    for (let i = 0; i < 10; i++) items.push(await store.send(channel.id, `message ${i} ${"·".repeat(100)}`));
    expect((await degraded).name).toBe("StorageQuotaError");
    expect(store.degraded).toBe(true);
    expect(store.storageKind).toBe("memory");
    proxy.setOnline(true);
    store.flush();
    await Promise.all(items.map((item) => store.settled(item.id)));
    expect((await lee.messages.history(channel.id)).messages).toHaveLength(10);
  });
});

/** React Native's AsyncStorage as far as the key-value adapter uses it, over a Map. */
function asyncStorage(): KeyValueBackend {
  const items = new Map<string, string>();
  return {
    getItem: async (key) => items.get(key) ?? null,
    setItem: async (key, value) => {
      items.set(key, value);
    },
    removeItem: async (key) => {
      items.delete(key);
    },
    getAllKeys: async () => [...items.keys()],
  };
}

const adapters: Array<[string, () => OfflineStorage]> = [
  ["memory", () => memoryStorage()],
  ["IndexedDB", () => indexedDbStorage({ indexedDB: new IDBFactory(), IDBKeyRange })],
  ["key-value", () => keyValueStorage(asyncStorage())],
];

describe.each(adapters)("on %s storage", (_name, storage) => {
  it("restarts offline with the copy and the outbox, and sends the outbox once online", async () => {
    const { kim, kimClient, lee, channel } = await room(storage());
    await lee.messages.send(channel.id, "hello");
    await storeOf(kim).refreshChannels();
    await storeOf(kim).refreshMessages(channel.id);
    proxy.setOnline(false);
    await storeOf(kim).send(channel.id, "reply from the train");
    await storeOf(kim).sendFile(channel.id, {
      bytes: new Uint8Array([1, 2, 3]),
      name: "a.bin",
      type: "application/octet-stream",
    });
    await storeOf(kim).persist();
    const token = kim.sessionToken ?? "";
    kim.disconnect();

    const restarted = kimClient();
    await restarted.resume(token);
    const store = storeOf(restarted);
    expect(store.channels().data.map((c) => c.name)).toEqual(["Room"]);
    await store.ready();
    expect(texts(store.messages(channel.id).data)).toEqual(["hello"]);
    expect(store.messages(channel.id).pending.map((i) => i.kind)).toEqual(["send", "file"]);

    proxy.setOnline(true);
    store.flush();
    await waitFor("the outbox to empty", () => store.outbox().length === 0, 10_000);
    const history = (await lee.messages.history(channel.id)).messages;
    expect(history.map((m) => [m.type, m.text, m.file?.name ?? null])).toEqual([
      ["text", "hello", null],
      ["text", "reply from the train", null],
      ["file", "", "a.bin"],
    ]);
    expect(history[2]?.file?.size).toBe(3);
  });

  it("starts from the server's present when the copy was evicted between sessions", async () => {
    const shared = storage();
    const { a, kim, kimClient, lee, channel } = await room(shared);
    await storeOf(kim).refreshChannels();
    await storeOf(kim).persist();
    const token = kim.sessionToken ?? "";
    kim.disconnect();
    await shared.destroy(`${a.appId}/users/kim`);
    await lee.messages.send(channel.id, "after the eviction");

    const restarted = kimClient();
    await restarted.resume(token);
    expect(storeOf(restarted).channels().data).toEqual([]);
    const log = record(restarted);
    await restarted.connect();
    // No cursor was left, so nothing is replayed: the list comes from the server.
    const channels = await storeOf(restarted).refreshChannels();
    expect(channels.data[0]?.lastMessage?.text).toBe("after the eviction");
    expect(log.messages).toEqual([]);
  });
});

describe("a storage taken away while open", () => {
  it("goes on in memory when the browser deletes the database under it, keeping the outbox", async () => {
    const factory = new IDBFactory();
    const { kim, lee, channel } = await room(indexedDbStorage({ indexedDB: factory, IDBKeyRange }));
    const store = storeOf(kim);
    const degraded = new Promise<Error>((resolve) => store.on("degraded", ({ error }) => resolve(error)));
    proxy.setOnline(false);
    const first = await store.send(channel.id, "before the eviction");
    await new Promise<void>((resolve, reject) => {
      const request = factory.deleteDatabase("parley:store");
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    });
    const second = await store.send(channel.id, "after the eviction");
    await degraded;
    expect(store.storageKind).toBe("memory");
    proxy.setOnline(true);
    store.flush();
    await Promise.all([store.settled(first.id), store.settled(second.id)]);
    expect(texts((await lee.messages.history(channel.id)).messages)).toEqual([
      "before the eviction",
      "after the eviction",
    ]);
  });
});
