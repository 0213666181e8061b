/**
 * The client and the offline layer under the global scope React Native gives an app (see `react-native-globals.ts`),
 * against a real server: what a browser or Node has and React Native lacks must not be on the SDK's path.
 */
import net from "node:net";
import type { AsyncStorage } from "@react-native-async-storage/async-storage";
import type NetInfo from "@react-native-community/netinfo";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type NetworkMonitor,
  netInfoNetwork,
  ParleyClient,
  ParleyConnectionError,
  reactNativeAppState,
  type TMessage,
} from "../src";
import { randomUuid } from "../src/ids";
import { type KeyValueBackend, keyValueStorage, memoryStorage, type OfflineStorage, offline } from "../src/offline";
import { sdkApp, startServer, type TestServer, waitFor } from "./helpers";
import { installReactNativeGlobals } from "./react-native-globals";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let t: TestServer;
let baseUrl: string;
let restore: (() => void) | null = null;
const cleanups: (() => void)[] = [];

beforeAll(async () => {
  ({ t, baseUrl } = await startServer());
});
afterEach(() => {
  restore?.();
  restore = null;
  for (const cleanup of cleanups.splice(0)) cleanup();
});
afterAll(() => t?.close());

/** kim and lee in one channel, made with Node's globals; the test then switches to React Native's. */
async function room() {
  const a = await sdkApp(t, baseUrl);
  cleanups.push(a.cleanup);
  const kim = await a.user("kim");
  const lee = await a.user("lee");
  const channel = await kim.channels.create({ name: "Room" });
  await lee.channels.join(channel.id);
  restore = installReactNativeGlobals();
  return { a, kim, lee, channel };
}

/** AsyncStorage 3's shape (`getMany`, `setMany`, `removeMany`) over a map, as its own Jest mock keeps it. */
function asyncStorage3(): KeyValueBackend & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (key) => data.get(key) ?? null,
    setItem: async (key, value) => void data.set(key, value),
    removeItem: async (key) => void data.delete(key),
    getAllKeys: async () => [...data.keys()],
    getMany: async (keys) => Object.fromEntries(keys.map((key) => [key, data.get(key) ?? null])),
    setMany: async (entries) => {
      for (const [key, value] of Object.entries(entries)) data.set(key, value);
    },
    removeMany: async (keys) => {
      for (const key of keys) data.delete(key);
    },
  };
}

describe("the client under React Native's globals", () => {
  it("logs in, sends with a generated id, receives in real time and pages history with a query", async () => {
    const { a, lee, channel } = await room();
    // Made and logged in under React Native's globals: the base URL, the socket URL and each request's URL.
    const { token } = await a.server<{ token: string }>("POST", "/users/kim/token", {});
    const kim = a.client();
    await kim.loginWithToken("kim", token);
    const heard: TMessage[] = [];
    lee.on("message.created", (event) => event.message && heard.push(event.message));
    await lee.connect();

    const sent = await kim.messages.send(channel.id, "hello from a phone");
    expect(sent.clientMessageId).toMatch(UUID_V4);
    await waitFor("lee to hear it", () => heard.find((m) => m.id === sent.id));
    await kim.messages.send(channel.id, "and again");
    const page = await kim.messages.history(channel.id, { limit: 1 });
    expect(page.messages.map((m) => m.text)).toEqual(["and again"]);
    expect(page.hasMore).toBe(true);
  });

  it("fails a request that gets no answer after requestTimeoutMs, with a timer instead of AbortSignal.timeout", async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => silent.close());
    restore = installReactNativeGlobals();
    const { port } = silent.address() as net.AddressInfo;
    const client = new ParleyClient({ baseUrl: `http://127.0.0.1:${port}`, appId: "app", requestTimeoutMs: 200 });
    const error = await client.loginAnonymously("kim", "Kim").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ParleyConnectionError);
    expect((error as Error).message).toBe("POST /auth/anonymous timed out after 200 ms");
  });

  it("sends a file given as bytes", async () => {
    const { kim, channel } = await room();
    const bytes = new TextEncoder().encode("notes from the road");
    const message = await kim.messages.sendFile(channel.id, { bytes, name: "notes.txt", type: "text/plain" });
    expect(message.file).toMatchObject({ name: "notes.txt", size: bytes.byteLength, mimeType: "text/plain" });
  });

  for (const [kind, storage] of [
    ["an AsyncStorage 3-shaped key-value store", () => keyValueStorage(asyncStorage3())],
    ["memory, without structuredClone", () => memoryStorage()],
  ] as const) {
    it(`keeps the offline copy and outbox in ${kind}: a new client reads what was sent`, async () => {
      const { a, lee, channel } = await room();
      const shared: OfflineStorage = storage();
      const { token } = await a.server<{ token: string }>("POST", "/users/kim/token", {});
      const make = () => {
        const client = a.client({ offline: offline({ storage: shared }) });
        cleanups.push(() => client.disconnect());
        return client;
      };
      const kim = make();
      await kim.loginWithToken("kim", token);
      const store = kim.offline;
      if (!store) throw new Error("made without the offline option");
      await store.refreshChannels();
      const item = await store.send(channel.id, "queued on a phone");
      const sent = await store.settled(item.id);
      await store.refreshMessages(channel.id);
      await lee.messages.send(channel.id, "seen later");
      await store.refreshMessages(channel.id);
      await store.persist();

      const restarted = make();
      await restarted.resume(kim.sessionToken as string);
      await restarted.offline?.ready();
      const copy = restarted.offline?.messages(channel.id);
      expect(copy?.source).toBe("store");
      expect(copy?.data.map((m) => m.text)).toEqual(["queued on a phone", "seen later"]);
      expect(copy?.data[0]?.id).toBe(sent?.id);
    });
  }
});

describe("random ids without crypto.randomUUID", () => {
  let restoreCrypto: () => void = () => {};
  beforeEach(() => {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, "crypto");
    restoreCrypto = () => descriptor && Object.defineProperty(globalThis, "crypto", descriptor);
  });
  afterEach(() => restoreCrypto());

  it("makes version 4 UUIDs from crypto.getRandomValues, and from Math.random without any crypto", () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    Object.defineProperty(globalThis, "crypto", { value: { getRandomValues }, configurable: true });
    const fromCrypto = Array.from({ length: 50 }, randomUuid);
    Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true });
    const fromMath = Array.from({ length: 50 }, randomUuid);
    for (const id of [...fromCrypto, ...fromMath]) expect(id).toMatch(UUID_V4);
    expect(new Set([...fromCrypto, ...fromMath]).size).toBe(100);
  });
});

describe("React Native's modules fit the adapters as they are", () => {
  it("type-checks AsyncStorage 3 as a key-value backend and NetInfo as a network monitor", () => {
    // Compiled, not run: the SDK's type check fails if either module's declared shape stops fitting.
    const fits = (storage: AsyncStorage, netInfo: typeof NetInfo): [OfflineStorage, NetworkMonitor] => [
      keyValueStorage(storage),
      netInfoNetwork(netInfo),
    ];
    expect(typeof fits).toBe("function");
  });

  it("reports the app's state at once, takes iOS's inactive for active, and stops on remove", () => {
    const listeners = new Set<(state: string) => void>();
    const appState = {
      currentState: "background",
      addEventListener: (_type: "change", listener: (state: string) => void) => {
        listeners.add(listener);
        return { remove: () => listeners.delete(listener) };
      },
    };
    const heard: string[] = [];
    const stop = reactNativeAppState(appState).subscribe((state) => heard.push(state));
    for (const state of ["inactive", "active", "inactive", "background", "unknown", "active"]) {
      for (const listener of listeners) listener(state);
    }
    stop();
    expect(listeners.size).toBe(0);
    expect(heard).toEqual(["background", "active", "background", "active"]);
  });

  it("reports NetInfo's connection changes only, not its unknown first state nor its reachability probe", () => {
    let tell: (state: { isConnected: boolean | null; isInternetReachable?: boolean | null }) => void = () => {};
    const unsubscribe = () => {};
    const heard: boolean[] = [];
    const stop = netInfoNetwork({
      addEventListener: (listener) => {
        tell = listener;
        return unsubscribe;
      },
    }).subscribe((online) => heard.push(online));
    tell({ isConnected: null, isInternetReachable: null });
    tell({ isConnected: true, isInternetReachable: null });
    tell({ isConnected: true, isInternetReachable: false });
    tell({ isConnected: true, isInternetReachable: true });
    tell({ isConnected: false, isInternetReachable: false });
    tell({ isConnected: true, isInternetReachable: true });
    expect(heard).toEqual([true, false, true]);
    expect(stop).toBe(unsubscribe);
  });
});
