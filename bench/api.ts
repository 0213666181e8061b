/**
 * API benchmark: requests per second and latency of an authenticated `GET /api/apps/:id` on PostgreSQL, next to a
 * bare Fastify route answering the same JSON body, in the same run and under the same load (autocannon, 50
 * connections by default). The ratio of the two request rates and the real route's p99 are the figures.
 *
 *   npm run bench:api [-- --connections 50 --seconds 10 --warmup 2 --database-url postgres://…]
 *
 * Both servers run in their own process (`node --import tsx`, logs at warn), so the load generator in this
 * process takes no time from either. Without `--database-url`, the real server runs on a scratch database created
 * on `--admin-url` (BENCH_DATABASE_URL, else the local server) and dropped at the end. The account's rate limit is
 * off (`RATE_LIMIT_PER_SECOND=0`): the bench measures throughput, and any answer other than 2xx fails it. The account
 * is a marketplace account, as in every benchmark (see `benchMarketplaceSignup`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { API_PREFIX, api, fillPath, zAppResponse } from "@parley/contract";
import autocannon from "autocannon";
import { envSchema } from "../packages/server/src/config";
import {
  BENCH_MARKETPLACE_SECRET,
  databaseOptions,
  givenDatabase,
  machine,
  marketplaceSession,
  type ScratchDatabase,
  scratchDatabase,
  wholeNumbers,
  writeReport,
} from "./support";
import { type BenchServer, freePort, startServer, stopServers } from "./web-server";

const { values: args } = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    seconds: { type: "string", default: "10" },
    /** Seconds of the same load before each measurement, left out: JIT and connection pools settle. */
    warmup: { type: "string", default: "2" },
    ...databaseOptions("api"),
  },
});
const {
  connections: CONNECTIONS,
  seconds: SECONDS,
  warmup: WARMUP,
} = wholeNumbers(args, ["connections", "seconds", "warmup"], { warmup: 0 });
const GOALS = { ratioAtLeast: 0.3, p99MsBelow: 10 };
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

interface Load {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

async function load(url: string, headers: Record<string, string>, seconds: number): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p90Ms: result.latency.p90,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
    ),
  };
}

/** The warm-up, then the measured run. */
async function measure(url: string, headers: Record<string, string>): Promise<Load> {
  if (WARMUP > 0) await load(url, headers, WARMUP);
  return load(url, headers, SECONDS);
}

async function startBare(body: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "bench/api-bare.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), BARE_BODY: body },
    stdio: ["ignore", 2, 2],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
  };
  const url = `http://127.0.0.1:${port}/api/apps/bare`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bare server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1_000) })).ok) return { url, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error("the bare server did not answer within 30 s");
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function call(server: BenchServer, route: string, token: string, init: RequestInit = {}): Promise<string> {
  const response = await fetch(`${server.base}${API_PREFIX}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${route} answered ${response.status}: ${text}`);
  return text;
}

const database: ScratchDatabase = args["database-url"]
  ? givenDatabase(args["database-url"])
  : await scratchDatabase(args["admin-url"], "parley_bench_api");
let bare: Awaited<ReturnType<typeof startBare>> | null = null;
let report: Record<string, unknown>;
let failure: string | null = null;
try {
  const server = await startServer(root, {
    name: "api",
    env: {
      DATABASE_URL: database.url,
      // The account's limit would answer 429 to most of the load: the figure is the route's cost, not the limit.
      RATE_LIMIT_PER_SECOND: "0",
      LOG_LEVEL: "warn",
      // The production default, so background job polling costs what it costs in production.
      JOB_POLL_SECONDS: "2",
      MARKETPLACE_SECRET: BENCH_MARKETPLACE_SECRET,
    },
  });
  const session = await marketplaceSession(server.base);
  const created = zAppResponse.parse(
    JSON.parse(
      await call(server, api.apps.list, session.sessionToken, {
        method: "POST",
        body: JSON.stringify({ name: "Bench" }),
      }),
    ),
  );
  const route = fillPath(api.apps.one, { id: created.app.id });
  const body = await call(server, route, session.sessionToken);
  bare = await startBare(body);

  const baseline = await measure(bare.url, {});
  const measured = await measure(`${server.base}${API_PREFIX}${route}`, {
    authorization: `Bearer ${session.sessionToken}`,
  });
  // The load generator stops without waiting for the answers still queued in the server; one more request, served
  // after them, lets them finish before the server closes its database pool under them.
  await fetch(`${server.base}${API_PREFIX}${route}`, {
    headers: { authorization: `Bearer ${session.sessionToken}` },
    signal: AbortSignal.timeout(30_000),
  }).then((response) => response.arrayBuffer());
  const ratio = Number((measured.requestsPerSecond / baseline.requestsPerSecond).toFixed(3));
  const refused = [baseline, measured].filter((r) => r.non2xx > 0 || r.errors > 0);
  if (refused.length > 0) {
    failure =
      `answers other than 2xx or connection errors under load (bare: ${baseline.non2xx} non-2xx, ` +
      `${baseline.errors} errors; Parley: ${measured.non2xx} non-2xx ${JSON.stringify(measured.statusCodes)}, ` +
      `${measured.errors} errors): the figures are not those of the route`;
  }
  report = {
    benchmark: "api",
    at: new Date().toISOString(),
    machine: machine(),
    database: "postgres",
    route: `GET ${API_PREFIX}${api.apps.one}`,
    responseBytes: Buffer.byteLength(body),
    connections: CONNECTIONS,
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    rateLimit: {
      setting: "RATE_LIMIT_PER_SECOND=0",
      // Until the server reads the setting there is no limit to turn off; the bench sets it either way.
      knownToServer: "RATE_LIMIT_PER_SECOND" in envSchema.shape,
    },
    bareFastify: baseline,
    parley: measured,
    ratio,
    goals: GOALS,
    goalsMet: { ratio: ratio >= GOALS.ratioAtLeast, p99: measured.p99Ms < GOALS.p99MsBelow },
    failure,
  };
} finally {
  await bare?.stop();
  await stopServers();
  await database.drop();
}
await writeReport(args.out, report);
if (failure) {
  process.stderr.write(`bench:api failed: ${failure}\n`);
  process.exit(1);
}
process.exit(0);
