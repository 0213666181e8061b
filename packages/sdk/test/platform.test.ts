/**
 * The client following the platform through its `appState` and `network` hooks, against a real server: the link
 * waits in the background and without a network, and comes back at once, catching up on what it missed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppActivity, AppStateMonitor, ConnectionChange, NetworkMonitor, ParleyClient, TMessage } from "../src";
import { offline } from "../src/offline";
import { sdkApp, startServer, type TestServer, waitFor } from "./helpers";
import { LoopbackNetwork } from "./loopback-webrtc";
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

/** A monitor the test speaks for, as React Native's AppState or NetInfo would. */
function fakeMonitor<T>() {
  const listeners = new Set<(value: T) => void>();
  return {
    monitor: {
      subscribe(listener: (value: T) => void) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    tell(value: T) {
      for (const listener of listeners) listener(value);
    },
  };
}

/** kim (with the hooks) and lee in one channel; lee is connected and kim's messages are recorded. */
async function room(options: { appState?: AppStateMonitor; network?: NetworkMonitor; viaProxy?: boolean } = {}) {
  const a = await sdkApp(t, baseUrl);
  cleanups.push(a.cleanup);
  const lee = await a.user("lee");
  const kim = await a.user("kim", {
    ...options,
    ...(options.viaProxy ? { baseUrl: proxy.url } : {}),
    // Retries far apart: only the platform's word can bring the link back within a test.
    reconnect: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
  });
  const channel = await lee.channels.create({ name: "Room" });
  await kim.channels.join(channel.id);
  const heard: TMessage[] = [];
  kim.on("message.created", (event) => event.message && heard.push(event.message));
  const changes: ConnectionChange[] = [];
  kim.on("connection", (change) => changes.push(change));
  await lee.connect();
  return { a, kim, lee, channel, heard, changes };
}

/** Resolves with the next `connection` change that matches. */
function nextChange(client: ParleyClient, matches: (change: ConnectionChange) => boolean): Promise<ConnectionChange> {
  return new Promise((resolve) => {
    const stop = client.on("connection", (change) => {
      if (!matches(change)) return;
      stop();
      resolve(change);
    });
  });
}

describe("the app's state", () => {
  it("closes the link in the background and, back in front, reconnects at once and delivers what was missed", async () => {
    const app = fakeMonitor<AppActivity>();
    const { kim, lee, channel, heard } = await room({ appState: app.monitor });
    await kim.connect();
    const sockets = t.upgraded.size;

    const waiting = nextChange(kim, (change) => change.waitingFor === "foreground");
    app.tell("background");
    expect(await waiting).toMatchObject({ state: "reconnecting", attempt: 0 });
    await waitFor("kim's socket to close", () => t.upgraded.size === sockets - 1);
    const missed = await lee.messages.send(channel.id, "while you were away");
    expect(kim.connectionState).toBe("reconnecting");
    expect(kim.connectionWaitingFor).toBe("foreground");
    expect(t.upgraded.size).toBe(sockets - 1);

    const reopened = nextChange(kim, (change) => change.state === "open");
    app.tell("active");
    await reopened;
    expect(heard.filter((m) => m.id === missed.id)).toHaveLength(1);
  });

  it("makes a connect() in the background wait for the foreground", async () => {
    const app = fakeMonitor<AppActivity>();
    const { kim, changes } = await room({ appState: app.monitor });
    app.tell("background");
    const sockets = t.upgraded.size;
    const connected = kim.connect();
    expect(changes.at(-1)).toMatchObject({ state: "connecting", waitingFor: "foreground" });
    expect(t.upgraded.size).toBe(sockets);
    app.tell("active");
    await connected;
    expect(kim.connectionState).toBe("open");
  });

  it("keeps the link through the background while a call goes on, and closes it when the call ends", async () => {
    const webrtc = new LoopbackNetwork();
    const app = fakeMonitor<AppActivity>();
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const kim = await a.user("caller", { appState: app.monitor, calls: { webrtc: webrtc.webrtc() } });
    const lee = await a.user("callee", { calls: { webrtc: webrtc.webrtc() } });
    await Promise.all([kim.connect(), lee.connect()]);
    const incoming = new Promise<void>((resolve) =>
      lee.on("call.incoming", (call) => void call.accept().then(resolve)),
    );
    const call = await kim.calls.start("callee");
    await incoming;
    await waitFor("the media link", () => call.mediaState === "connected");

    app.tell("background");
    expect(kim.connectionState).toBe("open");
    const closed = nextChange(kim, (change) => change.waitingFor === "foreground");
    await call.end();
    await closed;
    app.tell("active");
    await waitFor("the link to open again", () => kim.connectionState === "open");
  });
});

describe("the network", () => {
  it("stops trying without a network, says it waits for it, and reconnects at once when it is back", async () => {
    const network = fakeMonitor<boolean>();
    const { kim, lee, channel, heard, changes } = await room({ network: network.monitor, viaProxy: true });
    await kim.connect();
    proxy.setOnline(false);
    network.tell(false);
    expect(changes.at(-1)).toMatchObject({ state: "reconnecting", attempt: 0, waitingFor: "network" });
    const missed = await lee.messages.send(channel.id, "sent while kim was in a tunnel");

    proxy.setOnline(true);
    network.tell(true);
    expect(changes.at(-1)).toMatchObject({ state: "reconnecting", attempt: 0, delayMs: 0 });
    expect(changes.at(-1)?.waitingFor).toBeUndefined();
    await waitFor("the missed message", () => heard.find((m) => m.id === missed.id));
  });

  it("still waits for the network when the app comes back to the foreground without one", async () => {
    const network = fakeMonitor<boolean>();
    const app = fakeMonitor<AppActivity>();
    const { kim, changes } = await room({ network: network.monitor, appState: app.monitor });
    await kim.connect();
    app.tell("background");
    network.tell(false);
    app.tell("active");
    expect(changes.at(-1)).toMatchObject({ state: "reconnecting", waitingFor: "network" });
    network.tell(true);
    await waitFor("the link to open again", () => kim.connectionState === "open");
  });

  it("has the offline outbox send what waited at once when the app is back in front and online", async () => {
    const network = fakeMonitor<boolean>();
    const app = fakeMonitor<AppActivity>();
    const a = await sdkApp(t, baseUrl);
    cleanups.push(a.cleanup);
    const lee = await a.user("lee");
    const channel = await lee.channels.create({ name: "Room" });
    await a.server("POST", "/users", { userId: "kim", nickname: "KIM" });
    await a.server("POST", `/channels/${channel.id}/members`, { userIds: ["kim"] });
    const { token } = await a.server<{ token: string }>("POST", "/users/kim/token", {});
    let failedSends = 0;
    // The outbox's own retries are a minute apart: only the platform's word sends the item within the test.
    const kim = a.client({
      baseUrl: proxy.url,
      fetch: async (input, init) => {
        try {
          return await fetch(input, init);
        } catch (error) {
          if (String(input).endsWith("/messages")) failedSends++;
          throw error;
        }
      },
      appState: app.monitor,
      network: network.monitor,
      offline: offline({ retryDelayMs: { initial: 60_000, max: 60_000 } }),
    });
    await kim.loginWithToken("kim", token);
    const store = kim.offline;
    if (!store) throw new Error("made without the offline option");

    proxy.setOnline(false);
    network.tell(false);
    const item = await store.send(channel.id, "from the tunnel");
    await waitFor("the first try to fail", () => failedSends > 0 && store.outbox()[0]?.state === "pending");
    app.tell("background");
    proxy.setOnline(true);
    network.tell(true);
    expect(store.outbox().map((i) => i.state)).toEqual(["pending"]);
    app.tell("active");
    expect((await store.settled(item.id))?.text).toBe("from the tunnel");
  });
});
