/**
 * Calls benchmark: how long a 1:1 video call takes to ring and to show the other party's video, between two real
 * Chromium pages on this machine (fake camera and microphone), and how fast Parley relays the calls' signalling
 * next to a bare WebSocket relay of the same frames.
 *
 *   npm run bench:calls [-- --calls 20 --warmup 2 --signals 1000 --signal-warmup 200 --signal-bytes 3000
 *                          --database pglite|postgres]
 *
 * The server runs `packages/server/src/main.ts` in its own process. Setup goes through the product's APIs: a
 * marketplace account, an app that lets guests in, two guests signed in by the SDK in pages bundled from
 * `bench/calls-page/main.ts`. Each call: page A calls B with video (`calls.start`), B hears `call.incoming`, B
 * accepts, B's page paints the first frame of A's video, A hangs up and both see the end.
 *
 * - `ring`: from `start()` on A to `call.incoming` on B (getUserMedia, `POST /v1/calls`, the `call.ringing` frame).
 * - `setup`: from `accept()` on B to the first frame of A's video painted on B (getUserMedia, `POST .../accept`,
 *   ICE servers, offer, answer and candidates through the server, ICE, DTLS, the first decoded frame). Goal: p99
 *   under 1 s on loopback.
 * - `signalling`: one `call.signal` frame of `--signal-bytes` (an SDP's size) from A's socket to B's, one at a time,
 *   in an accepted call, against a bare `ws` relay in a process of its own (`bench/calls-relay.mjs`) that forwards
 *   the same frames between two sockets with nothing else. Goal: Parley's p99 within 2× the bare relay's.
 *
 * Every time is `performance.timeOrigin + performance.now()`, one clock for every page and process here.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { API_PREFIX, api, CHAT_API_PREFIX, callsApi, chatApi, fillPath } from "@parley/contract";
import { build } from "esbuild";
import { chromium as playwright } from "playwright-core";
import { WebSocket } from "ws";
import { resolveChromium } from "../e2e/chromium";
import {
  BENCH_MARKETPLACE_SECRET,
  call,
  DEFAULT_ADMIN_URL,
  machine,
  marketplaceSession,
  type ScratchDatabase,
  scratchDatabase,
  summarizeTimings,
  writeReport,
} from "./support";
import { freePort, startServer, stopServers } from "./web-server";

const { values: args } = parseArgs({
  options: {
    calls: { type: "string", default: "20" },
    /** Calls made first and left out: the browsers' and the server's first calls pay for warming up. */
    warmup: { type: "string", default: "2" },
    signals: { type: "string", default: "1000" },
    /** Signals sent first and left out, on each side: the relay's code is compiled and its caches filled. */
    "signal-warmup": { type: "string", default: "200" },
    "signal-bytes": { type: "string", default: "3000" },
    database: { type: "string", default: "pglite" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    out: { type: "string", default: ".reports/bench-calls.json" },
  },
});
const CALLS = Number(args.calls);
const WARMUP = Number(args.warmup);
const SIGNALS = Number(args.signals);
const SIGNAL_BYTES = Number(args["signal-bytes"]);
const SIGNAL_WARMUP = Number(args["signal-warmup"]);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const now = () => performance.timeOrigin + performance.now();

/** An app that lets guests in, owned by a new marketplace account. */
async function guestApp(base: string): Promise<string> {
  const session = await marketplaceSession(base);
  const token = session.sessionToken;
  const { app } = await call<{ app: { id: string } }>(base, "POST", `${API_PREFIX}${api.apps.list}`, token, {
    name: "Calls bench",
  });
  await call(base, "PUT", `${API_PREFIX}${fillPath(api.apps.admin, { id: app.id })}`, token, {
    allowAnonymousLogin: true,
    defaultMemberLimit: 100,
  });
  return app.id;
}

/** Serves the bench page and its bundle (the SDK included) on a port of its own. */
async function servePage(): Promise<{ url: string; close: () => Promise<void> }> {
  const bundle = await build({
    entryPoints: [path.join(root, "bench/calls-page/main.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    minify: true,
    // The SDK as it is in the repository: its source, exported under this condition (packages/sdk/package.json).
    conditions: ["@parley/source"],
  });
  const script = bundle.outputFiles[0]?.contents ?? new Uint8Array();
  const server = http.createServer((req, res) => {
    if (req.url === "/main.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      res.end(script);
      return;
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(
      '<!doctype html><html><head><title>loading</title></head><body><script type="module" src="/main.js"></script></body></html>',
    );
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A page signed in as a guest, ready to call. */
type BenchPage = Awaited<ReturnType<typeof openPage>>;
async function openPage(
  browser: import("playwright-core").Browser,
  url: string,
  base: string,
  appId: string,
  userId: string,
) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(url);
  await page.waitForFunction("document.title === 'ready'");
  await page.evaluate((o) => (globalThis as never as Bench).parleyBench.login(o.base, o.appId, o.userId), {
    base,
    appId,
    userId,
  });
  return page;
}
interface Bench {
  parleyBench: {
    login(baseUrl: string, appId: string, userId: string): Promise<void>;
    call(userId: string): Promise<number>;
    waitIncoming(): Promise<number>;
    accept(): Promise<{ at: number; firstFrameAt: number }>;
    hangUp(): Promise<void>;
    ended(): Promise<void>;
  };
}

async function timeCalls(caller: BenchPage, callee: BenchPage) {
  const ring: number[] = [];
  const setup: number[] = [];
  for (let i = 0; i < WARMUP + CALLS; i++) {
    const incoming = callee.evaluate(() => (globalThis as never as Bench).parleyBench.waitIncoming());
    const startAt = await caller.evaluate(() => (globalThis as never as Bench).parleyBench.call("callee"));
    const incomingAt = await incoming;
    const accepted = await callee.evaluate(() => (globalThis as never as Bench).parleyBench.accept());
    await caller.evaluate(() => (globalThis as never as Bench).parleyBench.hangUp());
    await callee.evaluate(() => (globalThis as never as Bench).parleyBench.ended());
    if (i < WARMUP) continue;
    ring.push(incomingAt - startAt);
    setup.push(accepted.firstFrameAt - accepted.at);
    process.stderr.write(
      `call ${i + 1 - WARMUP}/${CALLS}: ring ${(incomingAt - startAt).toFixed(0)} ms, setup ${(accepted.firstFrameAt - accepted.at).toFixed(0)} ms\n`,
    );
  }
  return { ring: summarizeTimings(ring), setup: summarizeTimings(setup) };
}

/** A socket that resolves `next` with each `call.signal` frame's data as it arrives. */
async function signalSocket(url: string, auth: object | null) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.once("open", resolve);
    socket.once("error", reject);
  });
  const waiters: ((data: { t: number }) => void)[] = [];
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  socket.on("message", (raw) => {
    const frame = JSON.parse(String(raw)) as { type: string; data?: { t: number } };
    if (frame.type === "ready") ready();
    if (frame.type === "call.signal" && frame.data) waiters.shift()?.(frame.data);
  });
  if (auth) {
    socket.send(JSON.stringify(auth));
    await isReady;
  }
  return {
    socket,
    next: () => new Promise<{ t: number }>((resolve) => waiters.push(resolve)),
  };
}

/** One signal at a time from `from` to `to`: the time each took. */
async function timeSignals(
  from: Awaited<ReturnType<typeof signalSocket>>,
  to: Awaited<ReturnType<typeof signalSocket>>,
  callId: string,
) {
  const pad = "x".repeat(SIGNAL_BYTES);
  const durations: number[] = [];
  for (let i = 0; i < SIGNALS + SIGNAL_WARMUP; i++) {
    const arrived = to.next();
    from.socket.send(JSON.stringify({ type: "call.signal", callId, data: { t: now(), pad } }));
    const { t } = await arrived;
    if (i >= SIGNAL_WARMUP) durations.push(now() - t);
  }
  return summarizeTimings(durations);
}

async function parleySignalling(base: string, appId: string) {
  const login = (userId: string) =>
    call<{ sessionToken: string }>(base, "POST", `${CHAT_API_PREFIX}${chatApi.anonymousLogin}`, "", {
      appId,
      userId,
      nickname: userId,
    });
  const [a, b] = await Promise.all([login("signal-a"), login("signal-b")]);
  const wsUrl = `${base.replace("http", "ws")}${CHAT_API_PREFIX}${chatApi.ws}`;
  const [from, to] = await Promise.all([
    signalSocket(wsUrl, { type: "auth", token: a.sessionToken }),
    signalSocket(wsUrl, { type: "auth", token: b.sessionToken }),
  ]);
  const { call: started } = await call<{ call: { id: string } }>(
    base,
    "POST",
    `${CHAT_API_PREFIX}${callsApi.calls}`,
    a.sessionToken,
    {
      calleeId: "signal-b",
      kind: "audio",
    },
  );
  await call(
    base,
    "POST",
    `${CHAT_API_PREFIX}${fillPath(callsApi.accept, { callId: started.id })}`,
    b.sessionToken,
    {},
  );
  const timings = await timeSignals(from, to, started.id);
  await call(base, "POST", `${CHAT_API_PREFIX}${fillPath(callsApi.end, { callId: started.id })}`, a.sessionToken, {});
  from.socket.close();
  to.socket.close();
  return timings;
}

async function bareSignalling() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "bench/calls-relay.mjs"), String(port)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
    const url = `ws://127.0.0.1:${port}`;
    const from = await signalSocket(url, null);
    const to = await signalSocket(url, null);
    const timings = await timeSignals(from, to, "bare");
    from.socket.close();
    to.socket.close();
    return timings;
  } finally {
    child.kill();
  }
}

async function main() {
  let scratch: ScratchDatabase | null = null;
  const env: Record<string, string> = { MARKETPLACE_SECRET: BENCH_MARKETPLACE_SECRET, RATE_LIMIT_PER_SECOND: "0" };
  if (args.database === "postgres") {
    scratch = await scratchDatabase(args["admin-url"], "parley_bench_calls");
    env.DATABASE_URL = scratch.url;
  }
  const page = await servePage();
  const chromium = await resolveChromium();
  const browser = await playwright.launch({
    executablePath: chromium.executablePath,
    args: [...chromium.args, "--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
    headless: true,
  });
  try {
    const server = await startServer(root, { name: "calls", env });
    const appId = await guestApp(server.base);
    const caller = await openPage(browser, page.url, server.base, appId, "caller");
    const callee = await openPage(browser, page.url, server.base, appId, "callee");
    const calls = await timeCalls(caller, callee);
    const parley = await parleySignalling(server.base, appId);
    const bare = await bareSignalling();
    const ratio = Number((parley.p99Ms / bare.p99Ms).toFixed(2));
    await writeReport(args.out, {
      benchmark: "calls",
      machine: machine(),
      database: args.database,
      calls: CALLS,
      warmup: WARMUP,
      ...calls,
      signalling: { signals: SIGNALS, warmup: SIGNAL_WARMUP, bytes: SIGNAL_BYTES, parley, bare, p99Ratio: ratio },
      goals: {
        setupP99Under1s: calls.setup.p99Ms < 1000,
        signallingWithin2xBare: ratio <= 2,
      },
    });
  } finally {
    await browser.close();
    await page.close();
    await stopServers();
    await scratch?.drop();
  }
}

await main();
