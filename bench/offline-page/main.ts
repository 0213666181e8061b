import { ParleyClient } from "@parley/sdk";
import { indexedDbStorage, type OfflineStorage, offline } from "@parley/sdk/offline";

/**
 * The page `bench:offline` loads in Chromium: an app's first screen, the user's channel list, drawn from the SDK's
 * offline layer (IndexedDB). The URL names the chat server (`base`), the app, a session token and how many channels
 * make the list complete. Each time is relative to `performance.timeOrigin`, the start of the page's navigation; the
 * bench puts a `script-start` mark before everything else in the bundled script (an esbuild banner), so the first
 * statement of the script is timed before the SDK's modules run.
 */
export interface DrawResult {
  /** When the list was drawn: the `channels-drawn` mark. */
  drawnMs: number;
  /** Where the list came from: the local copy or the server. */
  source: "store" | "network";
  /** Channels drawn. */
  drawn: number;
  /** Where the time before the draw went: each step's end, in the order the page meets them. */
  steps: DrawSteps;
}

/** When each step of a load ended (null for a step this load did not take). */
export interface DrawSteps {
  /** The page's HTML received (its `responseEnd`). */
  html: number;
  /** The script received, from the HTTP cache or the server (its resource timing's `responseEnd`). */
  scriptFetched: number | null;
  /** The script began to run, compiled: its first statement (`script-start`). */
  scriptStarted: number;
  /** The SDK's modules run and the client made: the page's own code begins. */
  clientMade: number;
  /** The storage's database open (the first `open` of the storage answered). */
  storageOpened: number | null;
  /** The device's session index read: whose session the token is. */
  sessionRead: number | null;
  /** The user's channel list read from the copy (the first read of their area answered). */
  copyRead: number | null;
  /** `GET /v1/me` ended: answered online, failed offline. */
  meEnded: number | null;
  /** `resume` answered. */
  resumed: number;
  /** The server's channel list received (`GET /v1/channels`). */
  channelsFetched: number | null;
}

/** The end of the first request whose path ends with `suffix`, from the resource timings (which time a failure too). */
function requestEnded(suffix: string): number | null {
  const entry = performance
    .getEntriesByType("resource")
    .find((e) => new URL(e.name).pathname.endsWith(suffix) && (e as PerformanceResourceTiming).responseEnd > 0);
  return entry ? (entry as PerformanceResourceTiming).responseEnd : null;
}

/**
 * The page's storage with the end of its first open and of each area's first read marked: the SDK's own use of
 * IndexedDB, timed from outside it. The marks cost a few microseconds; nothing else changes.
 */
function timedStorage(storage: OfflineStorage): OfflineStorage {
  const firstEnd = (mark: string) => {
    if (performance.getEntriesByName(mark).length === 0) performance.mark(mark);
  };
  return {
    kind: storage.kind,
    async open(name) {
      const area = await storage.open(name);
      firstEnd("storage-opened");
      const read = name.endsWith("/sessions") ? "session-read" : "copy-read";
      return {
        ...area,
        get: async (key) => {
          const value = await area.get(key);
          firstEnd(read);
          return value as never;
        },
      };
    },
    destroy: (name) => storage.destroy(name),
  };
}

function markAt(name: string): number | null {
  return performance.getEntriesByName(name, "mark")[0]?.startTime ?? null;
}

const params = new URLSearchParams(location.search);
const expected = Number(params.get("channels"));
const client = new ParleyClient({
  baseUrl: params.get("base") ?? "",
  appId: params.get("app") ?? "",
  offline: offline({ storage: timedStorage(indexedDbStorage()) }),
});
const clientMade = performance.mark("client-made").startTime;

let settle: (value: DrawResult) => void = () => {};
let fail: (error: unknown) => void = () => {};
const drawn = new Promise<DrawResult>((resolve, reject) => {
  settle = resolve;
  fail = reject;
});
let heardNetwork: () => void = () => {};
const network = new Promise<void>((resolve) => {
  heardNetwork = resolve;
});
setTimeout(() => fail(new Error(`no list of ${expected} channels within 30 s`)), 30_000);

async function start() {
  await client.resume(params.get("token") ?? "");
  const resumed = performance.mark("resumed").startTime;
  const store = client.offline;
  if (!store) throw new Error("the client has no offline layer");
  let done = false;
  store.watchChannels((snapshot) => {
    if (snapshot.source === "network") heardNetwork();
    if (done || snapshot.data.length < expected) return;
    done = true;
    const list = document.createElement("ul");
    for (const channel of snapshot.data) {
      const item = document.createElement("li");
      item.textContent = channel.name;
      list.append(item);
    }
    document.body.append(list);
    const drawnMs = performance.mark("channels-drawn").startTime;
    const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
    settle({
      drawnMs,
      source: snapshot.source,
      drawn: list.childElementCount,
      steps: {
        html: navigation?.responseEnd ?? 0,
        scriptFetched: requestEnded("/main.js"),
        scriptStarted: markAt("script-start") ?? clientMade,
        clientMade,
        storageOpened: markAt("storage-opened"),
        sessionRead: markAt("session-read"),
        copyRead: markAt("copy-read"),
        meEnded: requestEnded("/v1/me"),
        resumed,
        channelsFetched: requestEnded("/v1/channels"),
      },
    });
  });
}
start().catch(fail);

const bench = {
  drawn: () => drawn,
  /** Resolves once the server's channel list has come and the copy is written: the page may be left. */
  async idle() {
    await network;
    await client.offline?.persist();
  },
  /** Loads every channel's newest messages into the copy, as a user who opened each one would; answers how many. */
  async warm() {
    const store = client.offline;
    if (!store) throw new Error("the client has no offline layer");
    const pages = await Promise.all(store.channels().data.map((c) => store.refreshMessages(c.id)));
    await store.persist();
    return pages.reduce((sum, page) => sum + page.data.length, 0);
  },
};
(globalThis as unknown as { parleyBench: typeof bench }).parleyBench = bench;
