import { ParleyClient } from "@parley/sdk";
import { indexedDbStorage, offline } from "@parley/sdk/offline";

/**
 * The page `bench:offline` loads in Chromium: an app's first screen, the user's channel list, drawn from the SDK's
 * offline layer (IndexedDB). The URL names the chat server (`base`), the app, a session token and how many channels
 * make the list complete. Each mark is relative to `performance.timeOrigin`, the start of the page's navigation.
 */
export interface DrawResult {
  /** When the list was drawn: the `channels-drawn` mark. */
  drawnMs: number;
  /** Where the list came from: the local copy or the server. */
  source: "store" | "network";
  /** Channels drawn. */
  drawn: number;
  /** When the script began to run, and when `resume` answered. */
  scriptMs: number;
  resumedMs: number;
  /** When `resume`'s request (`GET /v1/me`) ended: answered online, failed offline; null when none is timed. */
  meEndedMs: number | null;
}

/** The end of `GET /v1/me`, from the page's resource timings (which time a failed request too). */
function meEnded(): number | null {
  const entry = performance
    .getEntriesByType("resource")
    .find((e) => new URL(e.name).pathname.endsWith("/v1/me") && (e as PerformanceResourceTiming).responseEnd > 0);
  return entry ? (entry as PerformanceResourceTiming).responseEnd : null;
}

const params = new URLSearchParams(location.search);
const expected = Number(params.get("channels"));
const client = new ParleyClient({
  baseUrl: params.get("base") ?? "",
  appId: params.get("app") ?? "",
  offline: offline({ storage: indexedDbStorage() }),
});
const scriptMs = performance.mark("script").startTime;

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
  const resumedMs = performance.mark("resumed").startTime;
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
    settle({
      drawnMs,
      source: snapshot.source,
      drawn: list.childElementCount,
      scriptMs,
      resumedMs,
      meEndedMs: meEnded(),
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
