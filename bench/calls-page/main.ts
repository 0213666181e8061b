import { type Call, ParleyClient } from "@parley/sdk";

/**
 * The page each of `bench:calls`'s browsers runs: one SDK client, driven by the bench through `window.parleyBench`.
 * Times are `performance.timeOrigin + performance.now()`, one clock for every page and process on the machine.
 */
const now = () => performance.timeOrigin + performance.now();

let client: ParleyClient | null = null;
let current: Call | null = null;
let incoming: Promise<{ at: number }> = new Promise(() => {});
let resolveIncoming: (value: { at: number }) => void = () => {};

function expectIncoming() {
  incoming = new Promise((resolve) => {
    resolveIncoming = resolve;
  });
}

/** Resolves at the first frame of the other party's video painted in a `<video>` of this page. */
function firstRemoteFrame(call: Call): Promise<number> {
  return new Promise((resolve) => {
    const show = (stream: MediaStream) => {
      const video = document.createElement("video");
      video.muted = true;
      video.playsInline = true;
      video.srcObject = stream;
      document.body.append(video);
      video.requestVideoFrameCallback(() => resolve(now()));
      void video.play();
    };
    if (call.remoteStream) show(call.remoteStream);
    else call.on("remote.stream", show);
  });
}

const bench = {
  async login(baseUrl: string, appId: string, userId: string) {
    client = new ParleyClient({ baseUrl, appId });
    await client.loginAnonymously(userId, userId);
    client.on("call.incoming", (call) => {
      current = call;
      resolveIncoming({ at: now() });
    });
    expectIncoming();
    await client.connect();
  },
  /** Calls with video; resolves with the time `start()` was called. */
  async call(userId: string) {
    if (!client) throw new Error("log in first");
    const at = now();
    current = await client.calls.start(userId, { video: true });
    return at;
  },
  async waitIncoming() {
    const heard = await incoming;
    expectIncoming();
    return heard.at;
  },
  /** Accepts the ringing call; resolves with when `accept()` was called and when the first remote frame showed. */
  async accept() {
    if (!current) throw new Error("nothing rings");
    const at = now();
    const frame = firstRemoteFrame(current);
    await current.accept();
    return { at, firstFrameAt: await frame };
  },
  async hangUp() {
    const call = current;
    current = null;
    if (!call) return;
    const ended = new Promise<void>((resolve) => {
      if (call.hasEnded) resolve();
      call.on("ended", () => resolve());
    });
    await call.end();
    await ended;
    for (const video of document.querySelectorAll("video")) video.remove();
  },
  /** Resolves once this side's call (if any) has ended. */
  async ended() {
    const call = current;
    if (!call || call.hasEnded) {
      current = null;
      return;
    }
    await new Promise<void>((resolve) => call.on("ended", () => resolve()));
    current = null;
  },
};

(window as unknown as { parleyBench: typeof bench }).parleyBench = bench;
document.title = "ready";
