import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { API_PREFIX, api, type TSessionState, zLoginResponse } from "@parley/contract";
import { SERVER_NODE_FLAGS } from "../packages/server/src/node-flags";
import { BENCH_PASSWORD, benchSignup } from "./support";

export interface BenchServer {
  base: string;
  dataDir: string;
  /** The server process's id, to read its CPU time. */
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForHealth(base: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} while starting`);
    try {
      const response = await fetch(`${base}${API_PREFIX}${api.health}`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet: the embedded database initialises its folder on the first start.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${api.health} within ${timeoutMs / 1000} s`);
}

const running = new Set<() => Promise<void>>();

/** Stops every server started here, started up or still starting: a child process would outlive this one. */
export async function stopServers(): Promise<void> {
  await Promise.all([...running].map((stop) => stop()));
}

/**
 * The settings every benchmark's server process starts with, over the caller's environment: blank means unset, so
 * the embedded database, mail written to files and no Redis, whatever the caller's shell holds, and outside services
 * pointed back at the server so nothing leaves the machine.
 */
export function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const base = `http://127.0.0.1:${port}`;
  return {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    SMTP_URL: "",
    REDIS_URL: "",
    FCM_BASE_URL: base,
    TRANSLATE_BASE_URL: base,
  };
}

export interface StartOptions {
  /** Names the data folder, so a leftover one tells which bench left it. */
  name?: string;
  /** Settings over the defaults below, e.g. `DATABASE_URL` to run on PostgreSQL. */
  env?: Record<string, string>;
}

/**
 * Starts `packages/server/src/main.ts` as its own process, as production runs it, so the browser and Lighthouse
 * (or the load generator) in this process do not share an event loop with the server being measured. Its logs go
 * to stderr, keeping stdout for the report.
 */
export async function startServer(root: string, options: StartOptions = {}): Promise<BenchServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `parley-bench-${options.name ?? "web"}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_OPTIONS passes flags Node refuses in NODE_OPTIONS, e.g. `--cpu-prof --cpu-prof-dir=…` to
  // profile the server under a benchmark's load.
  const nodeOptions = (process.env.BENCH_SERVER_NODE_OPTIONS ?? "").split(" ").filter(Boolean);
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeOptions, "--import", "tsx", "packages/server/src/main.ts"],
    {
      cwd: root,
      env: {
        ...serverEnv(port, dataDir),
        JOB_POLL_SECONDS: "0.5",
        // The outbound guard refuses this machine's addresses unless allowed.
        OUTBOUND_ALLOWED_NETWORKS: "127.0.0.0/8",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.pipe(process.stderr);
  child.stderr?.pipe(process.stderr);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const stop = async () => {
    running.delete(stop);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  running.add(stop);
  try {
    await waitForHealth(base, child, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, pid: child.pid, stop };
}

async function post(base: string, route: string, body: unknown): Promise<unknown> {
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

/** The verification code of the newest mail to `to`, which the server's mail job writes under `DATA_DIR/mail`. */
async function verificationCode(dataDir: string, to: string, timeoutMs: number): Promise<string> {
  const dir = path.join(dataDir, "mail");
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
    for (const file of files.reverse()) {
      const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8")) as { to?: string; text?: string };
      const code = mail.to === to ? /[?&]code=([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no verification mail to ${to} within ${timeoutMs / 1000} s`);
}

/**
 * An ordinary verified account, made through the dashboard API the way a person makes one: sign up, confirm the
 * mailed code, log in. The server runs in another process, whose embedded database this one cannot open, so the
 * email is verified by its code rather than in the database.
 */
export async function createSession(server: BenchServer): Promise<TSessionState> {
  const email = `bench.web.${Date.now()}@example.com`;
  const password = BENCH_PASSWORD;
  const signup = benchSignup(email);
  await post(server.base, api.auth.signup, signup);
  const code = await verificationCode(server.dataDir, email, 30_000);
  await post(server.base, api.auth.emailVerificationConfirm, { email, code });
  return zLoginResponse.parse(await post(server.base, api.auth.login, { email, password }));
}
