import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ApiError, apiErrorOf, callApi } from "./api";
import type { Output } from "./output";

/**
 * The server program of this checkout, run from its source through tsx. A packed CLI has no checkout beside it: it
 * is told where the server's bundle is (`--server`, `PARLEY_SERVER_ENTRY`), as docs/decisions/0274 records.
 */
const CHECKOUT_SERVER = fileURLToPath(new URL("../../server/src/main.ts", import.meta.url));

/** What `parley dev` made, printed or written as JSON for a CI job to read. */
export interface DevEnvironment {
  baseUrl: string;
  appId: string;
  apiKey: string;
  users: { userId: string; nickname: string; loginToken: string }[];
  dashboard: { email: string; password: string };
  dataDir: string;
  /** The server process, so a script can see that it is gone after the stop. */
  pid: number;
}

const USERS = [
  { userId: "alice", nickname: "Alice" },
  { userId: "bob", nickname: "Bob" },
];

/** A start that takes this long (migrations on a slow machine included) has failed. */
const START_TIMEOUT_MS = 180_000;
/** A server that has not stopped this long after SIGTERM is killed. */
const STOP_TIMEOUT_MS = 20_000;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls the dashboard API (`/api`) as the web app does. */
async function dashboard<T>(baseUrl: string, method: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const error = await apiErrorOf(response);
    throw new ApiError(
      error.code,
      `${method} /api${url}: ${error.message} ${JSON.stringify(error.data ?? {})}`,
      error.status,
    );
  }
  return (await response.json()) as T;
}

/** The verification code of the newest mail to `to`, from the mail the server writes as files under its data folder. */
async function mailedCode(dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
    for (const file of files.reverse()) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8")) as { to?: string; text?: string };
      const code = mail.to === to ? /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1] : undefined;
      if (code) return code;
    }
    await pause(100);
  }
  throw new Error(`the server wrote no verification mail to ${to} within 30 s`);
}

/**
 * An account, an app, an API key and two users with login tokens, made over HTTP as a developer makes them in the
 * dashboard: sign-up and the mailed code (read from the data folder), so nothing but the server's own API is used.
 */
async function provision(baseUrl: string, dataDir: string) {
  const email = `dev.${randomBytes(4).toString("hex")}@example.com`;
  // Runs of one character are dropped: sign-up refuses a password with three in a row.
  const password = `Parley-${randomBytes(6)
    .toString("hex")
    .replace(/(.)\1+/g, "$1")}-1`;
  await dashboard(baseUrl, "POST", "/auth/signup", {
    email,
    password,
    name: "Local Developer",
    contact: "01012345678",
    companyName: "Local",
    companyHomepage: "https://example.com",
    companyAddress: { postalCode: "00000", address: "Localhost", detail: "" },
    marketingConsent: false,
    termsAccepted: true,
    privacyAccepted: true,
    language: "en",
  });
  const code = await mailedCode(dataDir, email);
  await dashboard(baseUrl, "POST", "/auth/email/verification/confirm", { email, code });
  const { sessionToken } = await dashboard<{ sessionToken: string }>(baseUrl, "POST", "/auth/login", {
    email,
    password,
  });
  const { app } = await dashboard<{ app: { id: string } }>(baseUrl, "POST", "/apps", { name: "Dev" }, sessionToken);
  const { secret: apiKey } = await dashboard<{ secret: string }>(
    baseUrl,
    "POST",
    `/apps/${app.id}/api-keys`,
    { label: "parley dev" },
    sessionToken,
  );
  const settings = { baseUrl, apiKey, appId: app.id };
  const users = [];
  for (const user of USERS) {
    await callApi(settings, "POST", `${baseUrl}/v1/users`, user);
    const { token } = await callApi<{ token: string }>(
      settings,
      "POST",
      `${baseUrl}/v1/users/${user.userId}/token`,
      {},
    );
    users.push({ ...user, loginToken: token });
  }
  return { appId: app.id, apiKey, users, dashboard: { email, password } };
}

function startServer(entry: string, env: NodeJS.ProcessEnv): { child: ChildProcess; stderr: () => string } {
  const child = spawn(process.execPath, [...(entry.endsWith(".ts") ? ["--import", "tsx"] : []), entry], {
    cwd: path.dirname(entry),
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    // The tail is what explains a failed start.
    stderr = (stderr + chunk.toString("utf8")).slice(-4000);
  });
  return { child, stderr: () => stderr };
}

async function waitHealthy(baseUrl: string, child: ChildProcess, stderr: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr()}`);
    const isHealthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (isHealthy) return;
    if (Date.now() > deadline) throw new Error(`the server did not answer on ${baseUrl}: ${stderr()}`);
    await pause(100);
  }
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

function describe(env: DevEnvironment, isScratch: boolean): string {
  return [
    `Parley is running at ${env.baseUrl} (embedded database in ${env.dataDir})`,
    `  App ID     ${env.appId}`,
    `  API key    ${env.apiKey}`,
    ...env.users.map((user) => `  User       ${user.userId}  login token ${user.loginToken}`),
    `  Dashboard  ${env.dashboard.email}  password ${env.dashboard.password}`,
    `Ctrl+C stops it${isScratch ? " and removes the data folder" : ""}.`,
  ].join("\n");
}

/**
 * `parley dev`: a local Parley on the embedded database, provisioned, until SIGINT or SIGTERM, which stop the server,
 * remove the scratch data folder and exit 0. Resolves with the exit code.
 */
export async function dev(
  options: { port?: number; jsonFile?: string; dataDir?: string; serverEntry?: string },
  out: Output,
): Promise<number> {
  const isScratch = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), "parley-dev-")));
  await fs.mkdir(dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const entry = path.resolve(options.serverEntry ?? process.env.PARLEY_SERVER_ENTRY ?? CHECKOUT_SERVER);
  // The embedded database and mail as files, whatever the shell that runs this has set for a real server.
  const { DATABASE_URL: _db, REDIS_URL: _redis, SMTP_URL: _smtp, ...inherited } = process.env;
  const { child, stderr } = startServer(entry, {
    ...inherited,
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    JOB_POLL_SECONDS: "0.5",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  });

  let isStopping = false;
  let finish: (code: number) => void = () => undefined;
  const finished = new Promise<number>((resolve) => {
    finish = resolve;
  });
  async function shutdown(code: number) {
    if (isStopping) return;
    isStopping = true;
    await stopServer(child);
    if (isScratch) await fs.rm(dataDir, { recursive: true, force: true });
    finish(code);
  }
  const onSignal = () => {
    out.note("Stopping");
    void shutdown(0);
  };
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  child.once("exit", (code) => {
    if (isStopping) return;
    out.note(`The server stopped by itself (exit ${code}): ${stderr()}`);
    void shutdown(1);
  });

  try {
    await waitHealthy(baseUrl, child, stderr);
    const made = await provision(baseUrl, dataDir);
    const env: DevEnvironment = { baseUrl, ...made, dataDir, pid: child.pid ?? 0 };
    if (options.jsonFile) {
      await fs.writeFile(options.jsonFile, `${JSON.stringify(env, null, 2)}\n`, { mode: 0o600 });
      out.note(`Wrote ${options.jsonFile}`);
    }
    out.result(describe(env, isScratch), env);
  } catch (err) {
    if (!isStopping) {
      out.note(
        err instanceof ApiError ? `${err.code} ${err.message}` : String(err instanceof Error ? err.message : err),
      );
      await shutdown(1);
    }
  }
  const code = await finished;
  process.off("SIGINT", onSignal);
  process.off("SIGTERM", onSignal);
  return code;
}
