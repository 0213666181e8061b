/**
 * WebSocket flood benchmark: how a server answers its health check while a client floods the WebSocket with
 * frames. A dashboard view's sockets (4 by default) each send bursts of 5,000 `subscribe` frames for made-up channels,
 * every one of which would be a database lookup, and reconnect at once whenever the server closes them. Meanwhile
 * `GET /api/health` is called every 20 ms, open loop (a slow answer does not hold back the next call), and its
 * latency compared with the same probe on the idle server just before. The figures are the health check's p99 during
 * the flood and its ratio to the idle p99, with the machine's load average over each phase. As in the other benches,
 * the first seconds of the load (`--warmup`) are left out of the figure, and reported on their own.
 *
 *   npm run bench -- --only ws-flood
 *   node --import tsx bench/ws-flood.ts [-- --seconds 10 --warmup 2 --sockets 4 --frames 5000 --unlimited]
 *
 * The server is `packages/server/src/main.ts` in its own process, on PostgreSQL (a scratch database on
 * `--admin-url`, BENCH_DATABASE_URL else the local server, or `--database-url` as it is), with the rate limit at its
 * production default: the limit is what is measured. `--unlimited` runs the same flood a second time against a
 * server with `RATE_LIMIT_PER_SECOND=0`, to show what the limit saves. The flooding client runs on a worker thread,
 * so generating frames takes no time from the probes. The account is a marketplace account, as in every benchmark
 * (see `benchMarketplaceSignup`).
 */
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { API_PREFIX, api, CHAT_API_PREFIX, chatApi, RATE_LIMIT_PER_SECOND, zAppResponse } from "@parley/contract";
import {
  BENCH_MARKETPLACE_SECRET,
  databaseOptions,
  givenDatabase,
  machine,
  marketplaceSession,
  type ScratchDatabase,
  scratchDatabase,
  summarizeTimings,
  type Timings,
  wholeNumbers,
  writeReport,
} from "./support";
import { type BenchServer, startServer, stopServers } from "./web-server";

const { values: args } = parseArgs({
  options: {
    /** Seconds of each phase: idle, then flooded. */
    seconds: { type: "string", default: "10" },
    /** Seconds of flood before the measured ones, left out: JIT and connection pools settle. */
    warmup: { type: "string", default: "2" },
    sockets: { type: "string", default: "4" },
    frames: { type: "string", default: "5000" },
    /** Milliseconds between two health probes. */
    interval: { type: "string", default: "20" },
    /** Also flood a server without a rate limit, for comparison. */
    unlimited: { type: "boolean", default: false },
    ...databaseOptions("ws-flood"),
  },
});
const {
  seconds: SECONDS,
  warmup: WARMUP,
  sockets: SOCKETS,
  frames: FRAMES,
  interval: INTERVAL_MS,
} = wholeNumbers(args, ["seconds", "warmup", "sockets", "frames", "interval"], { warmup: 0 });
const GOALS = { floodP99MsBelow: 100 };
/** Lets the bench read the server's own event-loop delay, which tells a blocked server from a busy machine. */
const METRICS_TOKEN = "bench-metrics-token-0123456789";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Phase {
  health: Timings;
  /** The server's event-loop delay over the phase (prom-client's, reset at each scrape), in ms. */
  serverEventLoopDelay: { p99Ms: number; maxMs: number } | null;
  /** Probes that failed or answered other than 200. */
  failedProbes: number;
  /** `os.loadavg()` (1, 5 and 15 minutes) when the phase began and when it ended. */
  loadAverage: { start: number[]; end: number[] };
}

/** The server's event-loop delay since the last scrape; each scrape starts the next measurement. */
async function eventLoopDelay(base: string): Promise<Phase["serverEventLoopDelay"]> {
  const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (!response.ok) return null;
  const text = await response.text();
  const seconds = (name: string) =>
    Number(
      text
        .split("\n")
        .find((l) => l.startsWith(`${name} `))
        ?.split(" ")[1],
    );
  return {
    p99Ms: Number((seconds("nodejs_eventloop_lag_p99_seconds") * 1000).toFixed(2)),
    maxMs: Number((seconds("nodejs_eventloop_lag_max_seconds") * 1000).toFixed(2)),
  };
}

/** Calls the health check every INTERVAL_MS for `seconds`, without waiting for one answer before the next call. */
async function probeHealth(base: string, seconds: number): Promise<Phase> {
  await eventLoopDelay(base);
  const start = os.loadavg();
  const durations: number[] = [];
  let failedProbes = 0;
  const pending: Promise<void>[] = [];
  const url = `${base}${API_PREFIX}${api.health}`;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    const sentAt = performance.now();
    pending.push(
      fetch(url, { signal: AbortSignal.timeout(30_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          if (response.status === 200) durations.push(performance.now() - sentAt);
          else failedProbes += 1;
        })
        .catch(() => {
          failedProbes += 1;
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
  await Promise.all(pending);
  return {
    health: summarizeTimings(durations),
    serverEventLoopDelay: await eventLoopDelay(base),
    failedProbes,
    loadAverage: { start, end: os.loadavg() },
  };
}

/** The idle probe, then the same probe while the worker floods; the attacker's own counts come back with it. */
async function measure(server: BenchServer) {
  const session = await marketplaceSession(server.base);
  const response = await fetch(`${server.base}${API_PREFIX}${api.apps.list}`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.sessionToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "Flood" }),
  });
  if (!response.ok) throw new Error(`creating the app answered ${response.status}: ${await response.text()}`);
  const { app } = zAppResponse.parse(await response.json());
  // Warms the route and the database pool, as a server that has been running would have them.
  await probeHealth(server.base, 1);
  const idle = await probeHealth(server.base, SECONDS);

  const worker = new Worker(new URL("./flood-worker.mjs", import.meta.url), {
    workerData: {
      url: `${server.base.replace("http", "ws")}${CHAT_API_PREFIX}${chatApi.ws}`,
      token: session.sessionToken,
      appId: app.id,
      sockets: SOCKETS,
      frames: FRAMES,
    },
  });
  const from = (type: string) =>
    new Promise<unknown>((resolve, reject) => {
      worker.once("error", reject);
      worker.on("message", (m: { type: string; stats?: unknown }) => m.type === type && resolve(m.stats));
    });
  // The worker builds its bursts before the clock starts.
  await from("ready");
  worker.postMessage({ type: "start" });
  const warmup = WARMUP > 0 ? await probeHealth(server.base, WARMUP) : null;
  const flooded = await probeHealth(server.base, SECONDS);
  const stats = from("stats");
  worker.postMessage({ type: "stop" });
  const attacker = await stats;
  await worker.terminate();
  return {
    idle,
    floodWarmup: warmup,
    flood: { ...flooded, attacker },
    p99Ratio: Number((flooded.health.p99Ms / idle.health.p99Ms).toFixed(2)),
  };
}

async function run(name: string, env: Record<string, string>, database: ScratchDatabase) {
  process.stderr.write(`ws-flood: ${name}\n`);
  const server = await startServer(root, {
    name: "ws-flood",
    env: {
      DATABASE_URL: database.url,
      LOG_LEVEL: "warn",
      JOB_POLL_SECONDS: "2",
      METRICS_TOKEN,
      MARKETPLACE_SECRET: BENCH_MARKETPLACE_SECRET,
      ...env,
    },
  });
  try {
    return await measure(server);
  } finally {
    await server.stop();
  }
}

const databases: ScratchDatabase[] = [];
const database = async () => {
  const db = args["database-url"]
    ? givenDatabase(args["database-url"])
    : await scratchDatabase(args["admin-url"], "parley_bench_flood");
  databases.push(db);
  return db;
};
let report: Record<string, unknown>;
try {
  const limited = await run("rate limit on", {}, await database());
  const unlimited = args.unlimited
    ? await run("rate limit off", { RATE_LIMIT_PER_SECOND: "0" }, await database())
    : null;
  report = {
    benchmark: "ws-flood",
    at: new Date().toISOString(),
    machine: machine(),
    database: "postgres",
    rateLimitPerSecond: RATE_LIMIT_PER_SECOND,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    probeIntervalMs: INTERVAL_MS,
    floodSockets: SOCKETS,
    framesPerBurst: FRAMES,
    ...limited,
    withoutRateLimit: unlimited,
    goals: GOALS,
    goalsMet: { floodP99: limited.flood.health.p99Ms < GOALS.floodP99MsBelow && limited.flood.failedProbes === 0 },
  };
} finally {
  await stopServers();
  for (const db of databases) await db.drop();
}
await writeReport(args.out, report);
process.exit(0);
