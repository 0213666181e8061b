/**
 * Chat fan-out benchmark: one channel with N connected members, messages sent at a fixed rate through the
 * chat API; measures send-to-receive latency and deliveries per second, next to a bare `ws` broadcast of the
 * same payloads at the same rate (the ratio is the figure to watch). The receiving sockets live on a worker
 * thread, as they would on other machines, so they do not take the server's event loop.
 *
 *   npm run bench:chat [-- --members 1000 --rate 100 --seconds 10]
 *
 * With BENCH_DATABASE_URL set (an empty PostgreSQL database) the server runs on PostgreSQL, as in production;
 * otherwise on the embedded database, whose single connection shares the process with everything else.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import { WebSocketServer } from "ws";
import { buildApp } from "../packages/server/src/app";
import { loadConfig } from "../packages/server/src/config";
import { BENCH_PASSWORD, benchSignup } from "./support";

const { values } = parseArgs({
  options: {
    members: { type: "string", default: "1000" },
    rate: { type: "string", default: "100" },
    seconds: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    out: { type: "string", default: ".reports/bench-chat.json" },
    only: { type: "string" },
  },
});
const MEMBERS = Number(values.members);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
/** Seconds sent at the same rate before measuring, whose deliveries are left out. */
const WARMUP = Number(values.warmup);

interface Result {
  deliveries: number;
  expected: number;
  seconds: number;
  deliveriesPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

function summarize(latencies: number[], expected: number, seconds: number): Result {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    deliveries: sorted.length,
    expected,
    seconds,
    deliveriesPerSecond: Math.round(sorted.length / seconds),
    p50Ms: Number(at(0.5).toFixed(2)),
    p99Ms: Number(at(0.99).toFixed(2)),
    maxMs: Number((sorted.at(-1) ?? Number.NaN).toFixed(2)),
  };
}

const clock = () => performance.timeOrigin + performance.now();

/** Opens the receiving sockets on a worker thread; `collect()` gathers their latencies. */
async function receivers(setup: { url: string; tokens?: string[]; count?: number }) {
  const worker = new Worker(new URL("./clients-worker.mjs", import.meta.url), {
    workerData: setup,
  });
  await new Promise<void>((resolve, reject) => {
    worker.once("error", reject);
    worker.on("message", (m: { type: string }) => m.type === "ready" && resolve());
  });
  const latencies: number[] = [];
  return {
    latencies,
    async collect() {
      const batch = await new Promise<number[]>((resolve) => {
        const onMessage = (m: { type: string; latencies?: number[] }) => {
          if (m.type !== "latencies") return;
          worker.off("message", onMessage);
          resolve(m.latencies ?? []);
        };
        worker.on("message", onMessage);
        worker.postMessage({ type: "collect" });
      });
      for (const value of batch) latencies.push(value);
      return latencies.length;
    },
    async close() {
      worker.postMessage({ type: "close" });
      await new Promise((r) => worker.once("exit", r));
    },
  };
}

/**
 * Sends the warm-up and then `RATE * SECONDS` messages at `RATE` per second, and waits until every measured
 * delivery arrived or 10 s passed. Returns the seconds from the first measured send.
 */
async function drive(
  send: (i: number, warm: boolean) => Promise<void> | void,
  received: () => Promise<number>,
  expected: number,
) {
  const warmup = RATE * WARMUP;
  const first = performance.now();
  let started = first;
  for (let i = 0; i < warmup + RATE * SECONDS; i++) {
    if (i === warmup) started = performance.now();
    const wait = first + (i * 1000) / RATE - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    void send(i, i < warmup);
  }
  const deadline = performance.now() + 10_000;
  while ((await received()) < expected && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return (performance.now() - started) / 1000;
}

async function raw(): Promise<Result> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  const port = (server.address() as { port: number }).port;
  const clients = await receivers({ url: `ws://127.0.0.1:${port}`, count: MEMBERS });
  const expected = RATE * SECONDS * MEMBERS;
  const seconds = await drive(
    (i, warm) => {
      const metadata = { t: warm ? `w${clock()}` : String(clock()) };
      const frame = JSON.stringify({
        type: "event",
        event: { type: "message.created", message: { text: `message ${i}`, metadata } },
      });
      for (const c of server.clients) c.send(frame);
    },
    clients.collect,
    expected,
  );
  await clients.close();
  server.close();
  return summarize(clients.latencies, expected, seconds);
}

async function parley(): Promise<Result> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-bench-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    PORT: "0",
    HOST: "127.0.0.1",
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
    WS_WRITE_WINDOW_MS: process.env.WS_WRITE_WINDOW_MS,
    // One member sends for the whole channel, at more than a person's limit: the figure is the fan-out's cost.
    RATE_LIMIT_PER_SECOND: "0",
  });
  const { server, services, ctx } = await buildApp({ config });
  await server.listen({ port: 0, host: "127.0.0.1" });
  const port = (server.server.address() as { port: number }).port;
  const base = `http://127.0.0.1:${port}`;

  // Setup goes through the services: only the measured path (send → socket) goes over the network.
  const account = await services.auth.signup(benchSignup(`bench.${Date.now()}@example.com`));
  await ctx.database.query("update accounts set email_verified_at = now() where email = $1", [account.email]);
  const session = await services.auth.login({ email: account.email, password: BENCH_PASSWORD }, "bench");
  const auth = await services.auth.authenticate(session.sessionToken);
  if (!auth) throw new Error("bench login failed");
  const app = await services.apps.createApp(auth, "Bench");
  const appRow = await services.apps.requireAppAccess(auth, app.id);
  const tokens: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    await services.chatUsers.createUser(appRow, {
      userId: `u${i}`,
      nickname: `User ${i}`,
      profileImageUrl: "",
      metadata: {},
    });
    const { token } = await services.chatUsers.issueLoginToken(appRow, `u${i}`, 3600);
    tokens.push((await services.chatUsers.login({ appId: app.id, userId: `u${i}`, token })).sessionToken);
  }
  const channel = await services.channels.createChannel(
    { kind: "server", app: appRow },
    { name: "Bench", imageUrl: "", type: "supergroup", inviteCode: "", userIds: [], tags: [] },
  );
  for (let i = 0; i < MEMBERS; i += 100) {
    const ids = Array.from({ length: Math.min(100, MEMBERS - i) }, (_, k) => `u${i + k}`);
    await services.channels.addMembers({ kind: "server", app: appRow }, channel.id, ids);
  }

  const clients = await receivers({ url: `ws://127.0.0.1:${port}/v1/ws`, tokens });
  const expected = RATE * SECONDS * MEMBERS;
  const sender = new Worker(new URL("./sender-worker.mjs", import.meta.url), {
    workerData: {
      url: `${base}/v1/channels/${channel.id}/messages`,
      token: tokens[0],
      rate: RATE,
      count: RATE * SECONDS,
      warmup: RATE * WARMUP,
    },
  });
  const started = await new Promise<number>((resolve) =>
    sender.on("message", (m: { type: string }) => m.type === "measuring" && resolve(performance.now())),
  );
  await new Promise((resolve) => sender.on("message", (m: { type: string }) => m.type === "sent" && resolve(m)));
  const deadline = performance.now() + 10_000;
  while ((await clients.collect()) < expected && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - started) / 1000;
  await clients.close();
  await server.close();
  await fs.rm(dataDir, { recursive: true, force: true });
  return summarize(clients.latencies, expected, seconds);
}

/**
 * Both sides, each in a process of its own, one after the other: run in one process, the second inherited the
 * first's heap (a million latencies) and its closing sockets, and measured slower for it.
 */
async function isolated(side: "raw" | "parley"): Promise<Result | null> {
  const out = path.join(os.tmpdir(), `parley-bench-chat-${side}-${process.pid}.json`);
  const args = ["--members", String(MEMBERS), "--rate", String(RATE), "--seconds", String(SECONDS)];
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      fileURLToPath(import.meta.url),
      ...args,
      "--warmup",
      String(WARMUP),
      "--only",
      side,
      "--out",
      out,
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`bench:chat --only ${side} exited with ${code}`);
  const report = JSON.parse(await fs.readFile(out, "utf8")) as { rawWs: Result | null; parley: Result | null };
  await fs.rm(out, { force: true });
  return side === "raw" ? report.rawWs : report.parley;
}

const baseline = values.only === "parley" ? null : values.only === "raw" ? await raw() : await isolated("raw");
const measured = values.only === "raw" ? null : values.only === "parley" ? await parley() : await isolated("parley");
const report = {
  benchmark: "chat-fanout",
  at: new Date().toISOString(),
  machine: { cpus: os.cpus().length, node: process.version },
  database: process.env.BENCH_DATABASE_URL ? "postgres" : "pglite",
  members: MEMBERS,
  ratePerSecond: RATE,
  seconds: SECONDS,
  warmupSeconds: WARMUP,
  wsWriteWindowMs: loadConfig({ WS_WRITE_WINDOW_MS: process.env.WS_WRITE_WINDOW_MS }).wsWriteWindowMs,
  rawWs: baseline,
  parley: measured,
  ratio: baseline && measured ? Number((measured.deliveriesPerSecond / baseline.deliveriesPerSecond).toFixed(3)) : null,
  goals: { ratioAtLeast: 0.5, p99MsBelow: 100 },
};
await fs.mkdir(path.dirname(values.out), { recursive: true });
await fs.writeFile(values.out, `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
process.exit(0);
