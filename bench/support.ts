import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  API_PREFIX,
  api,
  fillPath,
  type Language,
  type TMarketplaceSignupRequest,
  type TSessionState,
  type TSignupRequest,
  zLinkLoginResponse,
  zMarketplaceSignupResponse,
} from "@parley/contract";
import pg from "pg";

/**
 * A PostgreSQL server every benchmark may create scratch databases on (and drop them after): `BENCH_DATABASE_URL`,
 * else the local server with trust auth. It names a server, not a database to run in; `scratchDatabase` makes those.
 */
export const DEFAULT_ADMIN_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

/**
 * The command-line options of a benchmark that runs on PostgreSQL: `--database-url`, a database to run on as it is
 * (not dropped), without which it makes a scratch database on `--admin-url`; and `--out`, where the report goes.
 */
export function databaseOptions(name: string) {
  return {
    "database-url": { type: "string" },
    "admin-url": { type: "string", default: DEFAULT_ADMIN_URL },
    out: { type: "string", default: `.reports/bench-${name}.json` },
  } as const;
}

/** `--engines`, for a benchmark that measures the embedded database and PostgreSQL alike. */
export const ENGINES_OPTION = { engines: { type: "string", default: "pglite,postgres" } } as const;

/**
 * The named options as whole numbers, each refused below the least value it takes (1 unless `least` says otherwise),
 * so a mistyped flag stops the run before any set-up.
 */
export function wholeNumbers<const K extends string>(
  values: { readonly [name in K]?: string | boolean | undefined },
  names: readonly K[],
  least: { readonly [name in K]?: number } = {},
): Record<K, number> {
  const numbers = new Map<K, number>();
  for (const name of names) {
    const value = Number(values[name]);
    const min = least[name] ?? 1;
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} must be a whole number of at least ${min}`);
    numbers.set(name, value);
  }
  return Object.fromEntries(numbers) as Record<K, number>;
}

/** Above this one-minute load average at a benchmark's start, other work shares the machine: goals are not judged. */
export const MAX_START_LOAD = 1.5;

/** The machine's load average over 1, 5 and 15 minutes, to two decimals. */
export function loadAverage(): [number, number, number] {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg().map((l) => Number(l.toFixed(2)));
  return [one, five, fifteen];
}

/**
 * Taken when the first benchmark module loads, before any setup: what else the machine was running when the
 * benchmark began, which the figures then share the cores with.
 */
const loadAtStart = loadAverage();
process.stderr.write(`load average at start ${loadAtStart.join(" ")}\n`);

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the server `adminUrl` names, dropped (with any session still on it) by `drop()`. */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A database given by the caller: used as it is and left in place. */
export function givenDatabase(url: string): ScratchDatabase {
  return { url, drop: async () => {} };
}

/**
 * Runs a benchmark on each engine named in `engines` ("pglite,postgres"), in that order: PostgreSQL on the database
 * `databaseUrl` names, left in place, else on a scratch database made on `adminUrl` and dropped after the run.
 */
export async function runOnEngines<T>(
  options: { engines: string; databaseUrl?: string; adminUrl: string; scratchPrefix: string },
  run: (engine: "pglite" | "postgres", databaseUrl: string) => Promise<T>,
): Promise<T[]> {
  const engines = options.engines.split(",").map((e) => e.trim());
  const unknown = engines.filter((e) => e !== "pglite" && e !== "postgres");
  if (unknown.length > 0) throw new Error(`unknown engines ${unknown.join(", ")}: expected pglite, postgres`);
  const results: T[] = [];
  for (const engine of engines) {
    if (engine === "pglite") {
      results.push(await run("pglite", ""));
      continue;
    }
    const database = options.databaseUrl
      ? givenDatabase(options.databaseUrl)
      : await scratchDatabase(options.adminUrl, options.scratchPrefix);
    try {
      results.push(await run("postgres", database.url));
    } finally {
      await database.drop();
    }
  }
  return results;
}

export interface Timings {
  samples: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Nearest-rank percentiles of durations in milliseconds, to two decimals. */
export function summarizeTimings(durations: number[]): Timings {
  const sorted = [...durations].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  const round = (ms: number) => Number(ms.toFixed(2));
  return { samples: sorted.length, p50Ms: round(at(0.5)), p99Ms: round(at(0.99)), maxMs: round(sorted.at(-1) ?? NaN) };
}

/** Linux counts CPU time in ticks of 1/100 s (USER_HZ), whatever the kernel's own timer rate. */
const TICK_MS = 10;

/**
 * CPU time used so far, in milliseconds: by process `pid` (user and system), or without one by the whole machine
 * (every core's time spent working, neither idle, waiting for the disk nor taken by the host). Read from /proc, so
 * null where there is none.
 */
async function cpuMs(pid?: number): Promise<number | null> {
  try {
    if (pid === undefined) {
      const [user, nice, system, , , irq, softirq] =
        (await fs.readFile("/proc/stat", "utf8")).split("\n", 1)[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
      return ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0)) * TICK_MS;
    }
    // The command name may hold spaces and parentheses: the fields are counted from its closing one.
    const stat = await fs.readFile(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/**
 * CPU time used so far by each of `pids` (user and system), in milliseconds, by pid; a process that has exited, or
 * that this machine's /proc does not show, is left out.
 */
export async function processesCpuMs(pids: Iterable<number>): Promise<Map<number, number>> {
  const read = await Promise.all([...new Set(pids)].map(async (pid) => [pid, await cpuMs(pid)] as const));
  return new Map(read.filter((entry): entry is readonly [number, number] => entry[1] !== null));
}

/**
 * CPU time the processes used between two readings of `processesCpuMs`, in milliseconds: a process first seen at
 * the end started within the window, so all its time counts; one gone by the end counts nothing, its last time
 * being unknown.
 */
export function cpuUsedMs(start: Map<number, number>, end: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of end) used += ms - (start.get(pid) ?? 0);
  return used;
}

/** Every PostgreSQL process on this machine (the postmaster, its backends and its background workers), by pid. */
export async function postgresPids(): Promise<number[]> {
  const entries = await fs.readdir("/proc").catch(() => [] as string[]);
  const named = await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (entry) => {
        const comm = await fs.readFile(`/proc/${entry}/comm`, "utf8").catch(() => "");
        return comm.trim() === "postgres" ? Number(entry) : null;
      }),
  );
  return named.filter((pid): pid is number => pid !== null);
}

export interface CpuPerOperation {
  /** The server process's CPU time per operation, in microseconds. */
  serverUs: number | null;
  /** The whole machine's CPU time per operation (server, database, load generator), in microseconds. */
  machineUs: number | null;
}

/**
 * Starts counting CPU time; `per(operations)` divides what was used since by the operations done. On a shared,
 * noisy machine the rate a phase reaches moves with everything else running, but the CPU each operation costs moves
 * far less, so a change to the server shows in these figures where a single run's rate cannot show it.
 */
export async function cpuMeter(serverPid?: number) {
  const [server, all] = await Promise.all([serverPid === undefined ? null : cpuMs(serverPid), cpuMs()]);
  const perOperation = (start: number | null, end: number | null, operations: number) =>
    start === null || end === null || operations <= 0 ? null : Math.round(((end - start) * 1000) / operations);
  return {
    async per(operations: number): Promise<CpuPerOperation> {
      const [serverEnd, allEnd] = await Promise.all([serverPid === undefined ? null : cpuMs(serverPid), cpuMs()]);
      return {
        serverUs: perOperation(server, serverEnd, operations),
        machineUs: perOperation(all, allEnd, operations),
      };
    },
  };
}

export function machine() {
  return { cpus: os.cpus().length, node: process.version };
}

export interface LoadReport {
  /** `loadAverage()` when the benchmark's process began and when its report was written. */
  start: [number, number, number];
  end: [number, number, number];
}

/** The load average at start and now, also printed to stderr, where a person watching the run reads it. */
export function loadReport(): LoadReport {
  const end = loadAverage();
  process.stderr.write(`load average at start ${loadAtStart.join(" ")}, at end ${end.join(" ")}\n`);
  return { start: loadAtStart, end };
}

/**
 * Writes the report, with the load average at start and end added as `load`, to `out` and to stdout, which carries
 * the report alone.
 */
export async function writeReport(out: string, report: object): Promise<void> {
  const text = `${JSON.stringify({ ...report, load: loadReport() }, null, 2)}\n`;
  await fs.mkdir(path.dirname(out), { recursive: true });
  await fs.writeFile(out, text);
  process.stdout.write(text);
}

export const BENCH_PASSWORD = "Parley-bench-2026";

/** The signup every benchmark's account is made with. */
export function benchSignup(email: string, language: Language = "en"): TSignupRequest {
  return {
    email,
    password: BENCH_PASSWORD,
    name: "Bench",
    contact: "01000000000",
    companyName: "Bench",
    companyHomepage: "",
    companyAddress: { postalCode: "", address: "", detail: "" },
    marketingConsent: false,
    termsAccepted: true,
    privacyAccepted: true,
    language,
  };
}

/** Lets a bench server accept the marketplace signups `marketplaceSession` makes; pass it as MARKETPLACE_SECRET. */
export const BENCH_MARKETPLACE_SECRET = "parley-bench-marketplace-secret";

/**
 * The signup request of a new marketplace account, with a token signed as a cloud marketplace (or the CLI's
 * `marketplace-token`) signs it, for a server whose MARKETPLACE_SECRET is `BENCH_MARKETPLACE_SECRET`. A marketplace
 * account is billed by the marketplace, so it has no trial and its apps no trial quota of messages a month: a
 * benchmark that sends more than the trial allows is not refused half-way, and pays no quota check that the paying
 * customers it stands for do not pay either.
 */
export async function benchMarketplaceSignup(language: Language = "en"): Promise<TMarketplaceSignupRequest> {
  const { issueMarketplaceToken } = await import("../packages/server/src/modules/admin/marketplace");
  const email = `bench.${Date.now()}.${randomBytes(3).toString("hex")}@example.com`;
  const token = issueMarketplaceToken(BENCH_MARKETPLACE_SECRET, {
    email,
    customerId: `bench-${randomBytes(6).toString("hex")}`,
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  const { name, contact, companyName, companyHomepage, companyAddress, marketingConsent } = benchSignup(email);
  const profile = { name, contact, companyName, companyHomepage, companyAddress, marketingConsent };
  return { ...profile, token, language, termsAccepted: true, privacyAccepted: true };
}

/**
 * A signed-in marketplace account (see `benchMarketplaceSignup`) on the server at `base`, made over HTTP as the
 * marketplace's buyer makes one: the signup page's request, then its sign-in link.
 */
export async function marketplaceSession(base: string, language: Language = "en"): Promise<TSessionState> {
  const signup = await benchMarketplaceSignup(language);
  const signedUp = zMarketplaceSignupResponse.parse(await postJson(base, api.marketplace.signup, signup));
  return zLinkLoginResponse.parse(
    await postJson(base, api.auth.linkLogin, {
      userType: "marketplaceaccount",
      email: signedUp.email,
      token: signedUp.signInToken,
    }),
  );
}

async function postJson(base: string, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${API_PREFIX}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${route} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A call a benchmark made that its server refused, with the answer's status. */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/**
 * A JSON call to the server at `base` (`route` with its prefix), as `token`'s bearer (none when empty): the parsed
 * answer, or an `HttpError` naming the route and what it answered.
 */
export async function call<T = unknown>(
  base: string,
  method: string,
  route: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(`${method} ${route} answered ${response.status}: ${text}`, response.status);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Runs `task` for 0..n-1 with at most `concurrency` under way, in order of start. */
export async function pool(n: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < n) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, lane));
}

/** A new app of the signed-in dashboard account and an API key for it, made as the dashboard makes them. */
export async function appWithKey(
  base: string,
  sessionToken: string,
  name: string,
): Promise<{ appId: string; apiKey: string }> {
  const { app } = await call<{ app: { id: string } }>(base, "POST", `${API_PREFIX}${api.apps.list}`, sessionToken, {
    name,
  });
  const { secret } = await call<{ secret: string }>(
    base,
    "POST",
    `${API_PREFIX}${fillPath(api.apps.apiKeys, { id: app.id })}`,
    sessionToken,
    { label: "bench" },
  );
  return { appId: app.id, apiKey: secret };
}
