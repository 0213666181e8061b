import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { type App, buildApp } from "../src/app";
import { ManualClock } from "../src/clock";
import { loadConfig } from "../src/config";
import { type Database, openPostgres } from "../src/db/client";
import { type PglitePool, pglitePool } from "./pglite-pool";
import { eventually, until } from "./poll";

export interface TestApp extends App {
  clock: ManualClock;
  dataDir: string;
  /** Waits for the newest mail to `to` whose subject matches, as the file transport wrote it. */
  waitForMail(to: string, subject?: RegExp): Promise<{ subject: string; text: string; html: string }>;
  /**
   * Waits until no job runs and none is due: what a test waits on before asserting that the jobs it caused did
   * nothing more (a second mail, a repeated delivery). Jobs deferred past now (a retry's back-off) do not count.
   */
  jobsIdle(timeoutMs?: number): Promise<void>;
  /**
   * Stops this server as a process's shutdown does (its jobs stop, its sockets close) and starts a new one on the
   * same database, data folder and clock: what a test of work that must survive a restart runs the second half on.
   * The stopped server is not used again; closing the new one cleans up for both.
   */
  restart(): Promise<TestApp>;
  close(): Promise<void>;
}

/** The worker's embedded databases, by the template's dump they start from. */
let pool: { file: string; pool: PglitePool } | undefined;

async function copyDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const source = inject("testDatabase");
  if (source.kind === "pglite") {
    if (pool?.file !== source.dumpFile) pool = { file: source.dumpFile, pool: pglitePool(source.dumpFile) };
    return { database: await pool.pool.take(), drop: async () => {} };
  }
  // Named after the run's template, so a run's clean-up never touches another run's databases.
  const name = `${source.template}_c_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: source.adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${source.template}`);
  await admin.end();
  const url = new URL(source.adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 4);
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: source.adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * What a test adds to the env when its server calls a stand-in on this machine (FCM, Google, a webhook receiver):
 * the outbound guard refuses loopback addresses unless the operator allows them, as it does in production.
 */
export const ALLOW_LOOPBACK = { OUTBOUND_ALLOWED_NETWORKS: "127.0.0.0/8,::1/128" } as const;

/** Has `t` listen on a free loopback port, for tests that open WebSockets to it; answers the socket's URL. */
export async function listenForSockets(t: TestApp): Promise<string> {
  await t.server.listen({ port: 0, host: "127.0.0.1" });
  const address = t.server.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  return `ws://127.0.0.1:${address.port}/v1/ws`;
}

/** A whole server on its own copy of the migrated database, with a clock the test moves. */
export async function startTestApp(
  options: { env?: Record<string, string>; logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-data-"));
  const { database, drop } = await copyDatabase();
  const clock = new ManualClock(new Date());
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    JOB_POLL_SECONDS: "0.5",
    PUBLIC_URL: "http://parley.test",
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
    // Tests call faster than any user; the limit's own tests turn it back on.
    RATE_LIMIT_PER_SECOND: "0",
    // Tests write rows directly and read them back at once; the cache's own tests turn it back on.
    READ_CACHE_MS: "0",
    ...options.env,
  });
  const build = async () => {
    const built = await buildApp({
      config,
      clock,
      database,
      ...(options.logStream ? { logStream: options.logStream } : {}),
    });
    await built.server.ready();
    return built;
  };

  async function waitForMail(to: string, subject?: RegExp) {
    const newestMail = async () => {
      const files = await fs.readdir(config.mailDir).catch(() => [] as string[]);
      const mails = await Promise.all(
        files
          .filter((f) => f.endsWith(".json"))
          .map(async (f) => JSON.parse(await fs.readFile(path.join(config.mailDir, f), "utf8"))),
      );
      return mails
        .filter((m) => m.to === to && (!subject || subject.test(m.subject)))
        .sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)))
        .at(-1);
    };
    return eventually(newestMail, `a mail to ${to}`, 15_000, 100);
  }

  async function jobsIdle(timeoutMs = 15_000) {
    const isIdle = async () => {
      const [row] = await database.query<{ n: number | string }>(
        `select count(*) as n from jobs
         where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
      );
      return Number(row?.n) === 0;
    };
    await until(isIdle, "no job due or running", timeoutMs, 50);
  }

  const wrap = (app: App): TestApp => ({
    ...app,
    clock,
    dataDir,
    waitForMail,
    jobsIdle,
    async restart() {
      await app.server.close();
      return wrap(await build());
    },
    async close() {
      await app.server.close();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  });
  return wrap(await build());
}

/** Pulls `code` out of a mailed link. */
export function codeFromMail(mail: { text: string }): string {
  const match = /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error("no code in mail");
  return match[1];
}

let counter = 0;
export function uniqueEmail(prefix = "dev"): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${randomBytes(3).toString("hex")}@example.com`;
}

export const STRONG_PASSWORD = "Parley-2026-ok";

export function signupBody(email: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    password: STRONG_PASSWORD,
    name: "Jisoo Park",
    contact: "01012345678",
    companyName: "Acme Chat",
    companyHomepage: "https://acme.example.com",
    companyAddress: { postalCode: "06236", address: "Teheran-ro 123", detail: "5F" },
    marketingConsent: false,
    termsAccepted: true,
    privacyAccepted: true,
    language: "ko",
    ...overrides,
  };
}

/**
 * Signs up and verifies by the mailed code, which signs the user in: an ordinary account ready to use, made the slow
 * way (argon2, the mail job, the mail folder). For the tests of sign-up and mail themselves; others use
 * `createAccount` (factories.ts).
 */
export async function signUpThroughMail(
  t: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<{ email: string; token: string }> {
  const email = uniqueEmail();
  const post = (url: string, payload: Record<string, unknown>) =>
    t.server.inject({ method: "POST", url: `/api${url}`, payload });
  const signup = await post("/auth/signup", signupBody(email, overrides));
  if (signup.statusCode !== 200) throw new Error(`signup failed: ${signup.body}`);
  const code = codeFromMail(await t.waitForMail(email));
  const confirmed = await post("/auth/email/verification/confirm", { email, code });
  const token: unknown = confirmed.json().session?.sessionToken;
  if (typeof token !== "string") throw new Error(`verification signed no one in: ${confirmed.body}`);
  return { email, token };
}
