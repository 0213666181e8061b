import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { inject } from "vitest";
import { WebSocket } from "ws";

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * The ports each test file's server processes listen on. Vitest may run the files in parallel workers, so no two
 * files share a port.
 */
export const PORTS = {
  twoProcesses: [19_081, 19_082],
  campaignCrash: 19_091,
  webhookCrash: 19_101,
  billingCrash: 19_111,
  chatBurstCrash: 19_121,
  threeProcesses: [19_131, 19_132, 19_133],
  /** Two processes, and the port of a Redis that is not there yet for the first of them. */
  redisLate: [19_141, 19_142, 19_143],
  rateBudget: [19_151, 19_152],
  liveTail: [19_171, 19_172],
  exportCrash: 19_181,
  importCrash: [19_191, 19_192],
} as const;

export const PASSWORD = "Parley-2026-ok";

/** The PostgreSQL server to make scratch databases on, from `TEST_DATABASE_URL`. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("set TEST_DATABASE_URL to run the multi-process tests");
  return url;
}

export function testRedisUrl(): string {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error("set REDIS_URL to run the multi-process tests");
  return url;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the lease a killed process held on a row (`lease_until`) has lapsed, so that the next process's
 * start-up sweep takes the work over at once instead of the next minute's.
 */
export async function leaseLapsed(
  db: ScratchDatabase,
  table: "campaigns" | "data_exports" | "data_imports",
  id: string,
): Promise<void> {
  const [row] = await db.sql<{ ms: string | null }>(
    `select extract(epoch from lease_until) * 1000 as ms from ${table} where id = $1`,
    [id],
  );
  const wait = Number(row?.ms ?? 0) - Date.now();
  if (wait > 0) await sleep(wait + 50);
}

/** Polls `probe` until it returns a value other than undefined; fails naming `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  options: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(options.intervalMs ?? 100);
  }
}

export interface ScratchDatabase {
  name: string;
  /** The connection string server processes are given. */
  url: string;
  /** One query on the scratch database, through a connection the test keeps open. */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Closes the test's connection and drops the database, forcing out whatever a killed process left. */
  drop(): Promise<void>;
}

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: testDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Waits until no job of queue `name` runs or is due, on any process working the shared database: once it holds,
 * every job queued before has run to its end, and a duplicate run would have left its trace.
 */
export async function queueIdle(db: ScratchDatabase, name: string, timeoutMs = 30_000): Promise<void> {
  await waitFor(
    `the ${name} queue to be idle`,
    async () => {
      const [row] = await db.sql<{ n: number }>(
        `select count(*)::int as n from jobs
         where name = $1 and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
        [name],
      );
      return row?.n === 0 ? true : undefined;
    },
    { timeoutMs, intervalMs: 50 },
  );
}

/** A new, empty database named `<prefix>_<random>`; the first server process started on it migrates it. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  await onServer((c) => c.query(`create database ${name}`));
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  let client: pg.Client | null = null;
  const connected = async () => {
    if (!client) {
      const fresh = new pg.Client({ connectionString: url.toString() });
      await fresh.connect();
      client = fresh;
    }
    return client;
  };
  return {
    name,
    url: url.toString(),
    async sql<T>(text: string, params: unknown[] = []) {
      return (await (await connected()).query(text, params)).rows as T[];
    },
    async drop() {
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
      await onServer((c) => c.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export async function createDataDir(prefix: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
}

export async function removeDir(dir: string | undefined): Promise<void> {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
}

export interface ServerProcess {
  base: string;
  port: number;
  child: ChildProcess;
  /** SIGTERM: a graceful shutdown. Resolves once the process has exited. */
  stop(): Promise<void>;
  /** SIGKILL: what a crash or an OOM kill does, with no chance to finish anything. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/**
 * Starts the built server (the global setup's build, run by `node` as production runs it) on 127.0.0.1:`port` and resolves once `/api/health` answers that all is
 * well, or with `until: "answering"` once it answers at all. The environment of the test process is passed on,
 * below the settings given here. `REDIS_URL` empty means no Redis.
 */
export async function startServer(options: {
  port: number;
  databaseUrl: string;
  dataDir: string;
  redisUrl?: string;
  env?: Record<string, string>;
  until?: "healthy" | "answering";
}): Promise<ServerProcess> {
  const { port } = options;
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [inject("builtServer")], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl ?? "",
      PUBLIC_URL: base,
      LOG_LEVEL: "warn",
      JOB_POLL_SECONDS: "0.5",
      ...options.env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const server: ServerProcess = {
    base,
    port,
    child,
    async stop() {
      const done = exited(child);
      child.kill("SIGTERM");
      await done;
    },
    async kill() {
      const done = exited(child);
      child.kill("SIGKILL");
      await done;
    },
  };
  try {
    await waitFor(
      `the server on port ${port} to start`,
      async () => {
        // A process that died at start-up (a bad setting, a port in use) would otherwise be waited for in vain.
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`the server on port ${port} exited at start-up (${child.exitCode ?? child.signalCode})`);
        }
        const ready = await fetch(`${base}/api/health`).then(
          (res) => res.ok || options.until === "answering",
          () => false,
        );
        return ready ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );
  } catch (err) {
    await server.kill();
    throw err;
  }
  return server;
}

export interface TwoProcesses {
  /** The two processes, in the order they were started. */
  processes: [ServerProcess, ServerProcess];
  /** Their bases, in the same order. */
  urls: [string, string];
  /** The scratch database both work on. */
  db: ScratchDatabase;
  /** The data folder both share (mail, uploads). */
  dataDir: string;
  /** Stops both processes gracefully, then drops the database and removes the data folder. */
  stop(): Promise<void>;
}

/**
 * A scratch database and data folder named after `prefix` (its dashes made underscores for the database), and two
 * server processes on `ports` sharing them and the Redis at `redisUrl`. Should a step fail, what was made before it
 * is taken down again before the error is thrown.
 */
export async function startTwoProcesses(options: {
  prefix: string;
  ports: readonly [number, number];
  redisUrl: string;
}): Promise<TwoProcesses> {
  const { prefix, ports, redisUrl } = options;
  const processes: ServerProcess[] = [];
  let db: ScratchDatabase | undefined;
  let dataDir: string | undefined;
  const stop = async () => {
    await Promise.all(processes.map((server) => server.stop()));
    await db?.drop();
    await removeDir(dataDir);
  };
  try {
    dataDir = await createDataDir(prefix);
    db = await createScratchDatabase(prefix.replace(/-/g, "_"));
    // The first process migrates; the second starts once the schema exists, as a rolling deploy would.
    for (const port of ports) processes.push(await startServer({ port, databaseUrl: db.url, dataDir, redisUrl }));
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
  const [first, second] = processes as [ServerProcess, ServerProcess];
  return { processes: [first, second], urls: [first.base, second.base], db, dataDir, stop };
}

export interface Reply<T> {
  status: number;
  headers: Headers;
  body: T & { code?: string };
}

/** One JSON request, whatever its answer. */
export async function request<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<Reply<T>> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as T & { code?: string } };
}

/**
 * A JSON request that must succeed. A 429 is waited out (its Retry-After) and repeated, as a client would: the
 * set-up of a test is not what the rate limit is about.
 */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    const res = await request<T>(base, method, url, body, token);
    if (res.status === 429 && attempt < 10) {
      await sleep(retryAfterMs(res.headers));
      continue;
    }
    if (res.status < 200 || res.status >= 300) {
      throw new Error(`${method} ${url} → ${res.status} ${JSON.stringify(res.body)}`);
    }
    return res.body;
  }
}

/** The wait a 429 asks for, in milliseconds; a second when it does not say. */
export function retryAfterMs(headers: Headers): number {
  const seconds = Number(headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
}

interface StoredMail {
  to: string;
  text: string;
}

/** The mails the processes wrote to `<dataDir>/mail` (no SMTP_URL), with their file names. */
export async function mailsTo(dataDir: string, email: string): Promise<{ file: string; mail: StoredMail }[]> {
  const dir = path.join(dataDir, "mail");
  const out: { file: string; mail: StoredMail }[] = [];
  for (const file of (await fs.readdir(dir).catch(() => [])).filter((f) => f.endsWith(".json"))) {
    const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8")) as StoredMail;
    if (mail.to === email) out.push({ file, mail });
  }
  return out;
}

/** The code of the verification link mailed to `email`, once the mail job has written it. */
export async function verificationCode(dataDir: string, email: string): Promise<string> {
  return waitFor(
    `the verification mail to ${email}`,
    async () => {
      for (const { mail } of await mailsTo(dataDir, email)) {
        const code = /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
        if (code) return code;
      }
      return undefined;
    },
    { timeoutMs: 20_000, intervalMs: 200 },
  );
}

/** Signs an account up; its verification mail goes out through the job queue. */
export async function signUp(base: string, email: string, language: "ko" | "en" = "en"): Promise<void> {
  await call(base, "POST", "/api/auth/signup", {
    email,
    password: PASSWORD,
    name: "Multi",
    contact: "01012345678",
    companyName: "Scale",
    companyHomepage: "",
    companyAddress: { postalCode: "", address: "", detail: "" },
    marketingConsent: false,
    termsAccepted: true,
    privacyAccepted: true,
    language,
  });
}

export async function confirmEmail(base: string, dataDir: string, email: string): Promise<void> {
  await call(base, "POST", "/api/auth/email/verification/confirm", {
    email,
    code: await verificationCode(dataDir, email),
  });
}

export async function logIn(base: string, email: string): Promise<string> {
  return (await call<{ sessionToken: string }>(base, "POST", "/api/auth/login", { email, password: PASSWORD }))
    .sessionToken;
}

/**
 * A verified, signed-in account. `via` names the process for each step (sign-up, confirmation, login), so a test
 * can spread them over several processes; one base serves all three.
 */
export async function signedInAccount(
  dataDir: string,
  via: string | [signup: string, confirm: string, login: string],
  email = `mp.${randomBytes(4).toString("hex")}@example.com`,
): Promise<{ email: string; sessionToken: string }> {
  const [signup, confirm, login] = typeof via === "string" ? [via, via, via] : via;
  await signUp(signup, email);
  await confirmEmail(confirm, dataDir, email);
  return { email, sessionToken: await logIn(login, email) };
}

/** An app of the account and a server API key for it; `via` as for `signedInAccount`, app then key. */
export async function appWithKey(
  via: string | [app: string, key: string],
  sessionToken: string,
  name = "Scale",
): Promise<{ appId: string; secret: string }> {
  const [appBase, keyBase] = typeof via === "string" ? [via, via] : via;
  const { app } = await call<{ app: { id: string } }>(appBase, "POST", "/api/apps", { name }, sessionToken);
  const { secret } = await call<{ secret: string }>(
    keyBase,
    "POST",
    `/api/apps/${app.id}/api-keys`,
    { label: "server" },
    sessionToken,
  );
  return { appId: app.id, secret };
}

/** Creates a chat user with the app's key and logs them in; returns their `/v1` session token. */
export async function chatSession(base: string, appId: string, secret: string, userId: string): Promise<string> {
  await call(base, "POST", "/v1/users", { userId, nickname: userId }, secret);
  const { token } = await call<{ token: string }>(base, "POST", `/v1/users/${userId}/token`, {}, secret);
  return (await call<{ sessionToken: string }>(base, "POST", "/v1/auth/login", { appId, userId, token })).sessionToken;
}

/** Moves the clock of a process started with TESTING_ENDPOINTS=true; null goes back to the real time. */
export async function setClock(base: string, now: string | null): Promise<void> {
  await call(base, "PUT", "/api/testing/clock", { now });
}

/** Runs a job's handler in the process now, through the testing endpoints; resolves when it has finished. */
export async function runJob(base: string, name: string): Promise<void> {
  await call(base, "POST", `/api/testing/jobs/${name}`);
}

/** A socket signed in as a chat user on one process, collecting the texts of the messages it is told about. */
export async function listenForMessages(
  base: string,
  token: string,
): Promise<{ socket: WebSocket; texts: string[]; closed: Promise<number> }> {
  try {
    return await signedInSocket(base, token);
  } catch (err) {
    // An upgrade left unanswered (a process the two-core machine starved for a moment) is what a client meets and
    // answers by connecting again, as the SDK does; a socket that opened and was refused or never got `ready` is not.
    if (!(err instanceof UnopenedSocket)) throw err;
    return await signedInSocket(base, token);
  }
}

class UnopenedSocket extends Error {}

async function signedInSocket(
  base: string,
  token: string,
): Promise<{ socket: WebSocket; texts: string[]; closed: Promise<number> }> {
  const socket = new WebSocket(`${base.replace("http", "ws")}/v1/ws`, { handshakeTimeout: 10_000 });
  const texts: string[] = [];
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));
  let opened = false;
  await new Promise<void>((resolve, reject) => {
    const frames: string[] = [];
    const fail = (err: Error) => {
      clearTimeout(timer);
      socket.terminate();
      reject(err);
    };
    const timer = setTimeout(
      () =>
        fail(
          opened
            ? new Error(`no ready frame from ${base}; frames: ${frames.join(" ")}`)
            : new UnopenedSocket(`the upgrade to ${base} was not answered`),
        ),
      15_000,
    );
    socket.on("open", () => {
      opened = true;
      socket.send(JSON.stringify({ type: "auth", token }));
    });
    socket.on("error", (err) =>
      fail(opened ? err : new UnopenedSocket(`the upgrade to ${base} failed: ${err.message}`)),
    );
    // A refusal says why at once rather than as a time-out.
    socket.on("close", (code) =>
      fail(new Error(`socket to ${base} closed with ${code} before ready; frames: ${frames.join(" ")}`)),
    );
    socket.on("message", (raw) => {
      const frame = JSON.parse(raw.toString());
      frames.push(raw.toString().slice(0, 200));
      if (frame.type === "ready") {
        clearTimeout(timer);
        resolve();
      }
      if (frame.type === "event" && frame.event.type === "message.created") texts.push(frame.event.message.text);
    });
  });
  return { socket, texts, closed };
}

/**
 * Every update of `table`'s rows as the database commits it: a trigger, on the test's scratch database only, notifies
 * `payload` (a JSON expression over `new`), so a test waits on the writes themselves instead of reading the row on a
 * timer, and sees every value a row's progress took.
 */
export async function watchUpdates<T>(db: ScratchDatabase, table: "data_exports" | "data_imports", payload: string) {
  const channel = `test_${table}_updates`;
  await db.sql(`
    create or replace function ${channel}() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${channel}', (${payload})::text);
      return new;
    end $$;
    create trigger ${channel} after update on ${table} for each row execute function ${channel}();`);
  const listener = new pg.Client({ connectionString: db.url });
  await listener.connect();
  await listener.query(`listen ${channel}`);
  const seen: T[] = [];
  let wake = () => {};
  listener.on("notification", (note) => {
    seen.push(JSON.parse(note.payload ?? "{}") as T);
    wake();
  });
  return {
    seen,
    /** The first update from `from` on that `reached` accepts; fails with `what` once `withinMs` has passed. */
    async until(reached: (update: T) => boolean, withinMs: number, what: string, from = 0): Promise<T> {
      const deadline = Date.now() + withinMs;
      for (;;) {
        const hit = seen.slice(from).find(reached);
        if (hit) return hit;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(what);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, left).unref();
        });
      }
    },
    close: () => listener.end(),
  };
}
