/**
 * The packed `@parley/sdk` in a React Native app (its globals as `react-native-globals.ts` sets them up) against a real
 * server process: logging in, sending and receiving, the app going to the background and coming back, the network
 * going and coming back, a file from the device's disk, and the offline copy in AsyncStorage.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import {
  type ConnectionChange,
  netInfoNetwork,
  ParleyClient,
  type ParleyClientOptions,
  reactNativeAppState,
  type TMessage,
} from "@parley/sdk";
import { keyValueStorage, offline } from "@parley/sdk/offline";
import { createAsyncStorage } from "@react-native-async-storage/async-storage/jest";

/** A 2×2 JPEG without metadata, which the server keeps byte for byte. */
const TINY_JPEG_BASE64 =
  "/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIgDQd//2Q==";

// A real server answers: a reconnect and an upload take longer on a busy machine than Jest's 5 s default.
jest.setTimeout(30_000);

const server: { baseUrl: string; appId: string; apiKey: string } = JSON.parse(process.env.PARLEY_DEVICE_SERVER ?? "{}");

/** Every socket the app opened, through the platform's WebSocket, to see when one is closed. */
const sockets: Array<{ readyState: number }> = [];
const PlatformWebSocket = globalThis.WebSocket;
globalThis.WebSocket = class extends PlatformWebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    sockets.push(this);
  }
};
const CLOSED = 3;

const clients: ParleyClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) client.disconnect();
});

/** Calls `/v1` with the API key, as the app's own server does. */
async function appServer<T>(method: string, route: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${server.baseUrl}/v1${route}`, {
    method,
    headers: { authorization: `Bearer ${server.apiKey}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(answer)}`);
  return answer as T;
}

let users = 0;

/** A new user of the app, logged in on a client made as a React Native app makes it: no WebSocket, no fetch given. */
async function phone(options: Partial<ParleyClientOptions> = {}) {
  users += 1;
  const userId = `phone-${users}`;
  await appServer("POST", "/users", { userId, nickname: `Phone ${users}` });
  const { token } = await appServer<{ token: string }>("POST", `/users/${userId}/token`);
  const client = new ParleyClient({ baseUrl: server.baseUrl, appId: server.appId, ...options });
  clients.push(client);
  await client.loginWithToken(userId, token);
  return client;
}

/** Two users in one channel; the second is connected and records what it hears. */
async function pair(options: Partial<ParleyClientOptions> = {}) {
  const me = await phone(options);
  const friend = await phone();
  const channel = await friend.channels.create({ name: "Trip" });
  await me.channels.join(channel.id);
  await friend.connect();
  return { me, friend, channel };
}

/** The next message with `text` that `client` hears in real time. */
function nextMessage(client: ParleyClient, text: string): Promise<TMessage> {
  return new Promise((resolve) => {
    const stop = client.on("message.created", (event) => {
      if (event.message?.text !== text) return;
      stop();
      resolve(event.message);
    });
  });
}

/** The next `connection` change of `client` that matches. */
function nextChange(client: ParleyClient, matches: (change: ConnectionChange) => boolean): Promise<ConnectionChange> {
  return new Promise((resolve) => {
    const stop = client.on("connection", (change) => {
      if (!matches(change)) return;
      stop();
      resolve(change);
    });
  });
}

/** Polls until `probe` holds, failing with what was awaited. */
async function waitFor(what: string, probe: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** React Native's `AppState`, as the app under test would have it, moved by the test. */
function fakeAppState() {
  const listeners = new Set<(state: string) => void>();
  const module = {
    currentState: "active",
    addEventListener(_type: "change", listener: (state: string) => void) {
      listeners.add(listener);
      return { remove: () => listeners.delete(listener) };
    },
  };
  return {
    module,
    set(state: string) {
      module.currentState = state;
      for (const listener of listeners) listener(state);
    },
  };
}

/** `@react-native-community/netinfo`'s default export, as the test says the network is. */
function fakeNetInfo() {
  const listeners = new Set<(state: { isConnected: boolean | null; isInternetReachable: boolean | null }) => void>();
  let state = { isConnected: true as boolean | null, isInternetReachable: true as boolean | null };
  return {
    module: {
      addEventListener(listener: (current: typeof state) => void) {
        listeners.add(listener);
        listener(state);
        return () => listeners.delete(listener);
      },
    },
    set(isConnected: boolean) {
      state = { isConnected, isInternetReachable: isConnected };
      for (const listener of listeners) listener(state);
    },
  };
}

describe("the packed SDK in a React Native app", () => {
  it("runs the package's build, not the workspace's sources", () => {
    expect(require.resolve("@parley/sdk")).toMatch(/parley-device-sdk-\d+\/package\/dist\/index\.js$/);
    expect(require.resolve("@parley/sdk/offline")).toMatch(/parley-device-sdk-\d+\/package\/dist\/offline\.js$/);
  });

  it("logs in with a login token, sends, and a second client receives the message in real time", async () => {
    const { me, friend, channel } = await pair();
    const heard = nextMessage(friend, "hello from the phone");
    const sent = await me.messages.send(channel.id, "hello from the phone");
    expect((await heard).id).toBe(sent.id);
  });

  it("closes the link in the background; back in front it reconnects at once and delivers what was sent meanwhile", async () => {
    const appState = fakeAppState();
    const { me, friend, channel } = await pair({ appState: reactNativeAppState(appState.module) });
    await me.connect();
    const socket = sockets.at(-1);

    const waiting = nextChange(me, (change) => change.waitingFor === "foreground");
    appState.set("inactive");
    expect(me.connectionState).toBe("open");
    appState.set("background");
    await waiting;
    await waitFor("the socket to close", () => socket?.readyState === CLOSED);

    const missed = await friend.messages.send(channel.id, "sent while the app slept");
    const delivered = nextMessage(me, "sent while the app slept");
    const reopened = nextChange(me, (change) => change.state === "open");
    appState.set("active");
    expect((await delivered).id).toBe(missed.id);
    await reopened;
    expect(sockets.at(-1)).not.toBe(socket);
  });

  it("waits for the network while NetInfo says it is gone, and reconnects at once when it is back", async () => {
    const netInfo = fakeNetInfo();
    const { me, friend, channel } = await pair({ network: netInfoNetwork(netInfo.module) });
    await me.connect();

    const waiting = nextChange(me, (change) => change.waitingFor === "network");
    netInfo.set(false);
    expect(await waiting).toMatchObject({ state: "reconnecting", attempt: 0 });
    const missed = await friend.messages.send(channel.id, "sent in the tunnel");
    const delivered = nextMessage(me, "sent in the tunnel");
    netInfo.set(true);
    expect((await delivered).id).toBe(missed.id);
  });

  it("uploads a file from a file:// uri through React Native's FormData", async () => {
    const { me, friend, channel } = await pair();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-device-photo-"));
    const file = path.join(dir, "beach.jpg");
    // A real 2×2 JPEG: the server reads an image's bytes for its size and refuses bytes that are not what they claim.
    const bytes = Buffer.from(TINY_JPEG_BASE64, "base64");
    fs.writeFileSync(file, bytes);
    try {
      const heard = nextMessage(friend, "the beach");
      const uri = pathToFileURL(file).href;
      const sent = await me.messages.sendFile(
        channel.id,
        { uri, name: "beach.jpg", type: "image/jpeg" },
        { caption: "the beach" },
      );
      expect(sent.file).toMatchObject({
        name: "beach.jpg",
        size: bytes.byteLength,
        mimeType: "image/jpeg",
        width: 2,
        height: 2,
      });
      expect((await heard).file?.name).toBe("beach.jpg");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("keeps the offline copy in AsyncStorage: a restarted app reads its messages, a queued file went out from its bytes", async () => {
    const storage = keyValueStorage(createAsyncStorage(`parley-device-${Date.now()}`));
    const make = () => {
      const client = new ParleyClient({ baseUrl: server.baseUrl, appId: server.appId, offline: offline({ storage }) });
      clients.push(client);
      return client;
    };
    const friend = await phone();
    users += 1;
    const userId = `phone-${users}`;
    await appServer("POST", "/users", { userId, nickname: "Offline" });
    const { token } = await appServer<{ token: string }>("POST", `/users/${userId}/token`);
    const channel = await friend.channels.create({ name: "Kept" });
    await appServer("POST", `/channels/${channel.id}/members`, { userIds: [userId] });

    const me = make();
    await me.loginWithToken(userId, token);
    const store = me.offline;
    if (!store) throw new Error("made without the offline option");
    await store.refreshChannels();
    const text = await store.settled((await store.send(channel.id, "kept on the phone")).id);
    const bytes = new TextEncoder().encode("a voice memo");
    const file = await store.settled(
      (await store.sendFile(channel.id, { bytes, name: "memo.txt", type: "text/plain" })).id,
    );
    expect(file?.file).toMatchObject({ name: "memo.txt", size: bytes.byteLength });
    await store.refreshMessages(channel.id);
    await store.persist();
    me.disconnect();

    const restarted = make();
    await restarted.resume(me.sessionToken ?? "");
    await restarted.offline?.ready();
    const copy = restarted.offline?.messages(channel.id);
    expect(copy?.source).toBe("store");
    expect(copy?.data.map((m) => m.id)).toEqual([text?.id, file?.id]);
  });
});
