import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The server program as an operator runs it, for the tests of the packages that reach it only over the network (the
 * chat SDK, the server SDK, the samples). It is started by path, so those tests use none of the server's code: they
 * reach it over HTTP and WebSocket, as an app's clients and servers do. It lives outside every workspace so each of
 * them may use it whatever the layering lets it import.
 */
const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../packages/server/src/main.ts");

/** The settings every test server runs with; a test file adds its own on top. */
const BASE_ENV = {
  HOST: "127.0.0.1",
  LOG_LEVEL: "silent",
  LOG_FORMAT: "json",
  JOB_POLL_SECONDS: "0.5",
  // Tests call faster than any user; the limits test turns the limit back on.
  RATE_LIMIT_PER_SECOND: "0",
  // A test changes a setting and uses it at once.
  READ_CACHE_MS: "0",
  // Accounts are provisioned the way the browser tests do it (notice feature switch); the endpoints answer only
  // on loopback, where the tests are.
  TESTING_ENDPOINTS: "true",
};

/**
 * What a test adds to the env when its server calls a stand-in on this machine (FCM, Google): the outbound guard
 * refuses loopback addresses unless the operator allows them, as it does in production.
 */
export const ALLOW_LOOPBACK = { OUTBOUND_ALLOWED_NETWORKS: "127.0.0.0/8,::1/128" } as const;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface ServerProcess {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A migrated data folder for test servers to start from copies of, and the built server they run. */
export interface ServerTemplate {
  dataDir: string;
  /** The built server's entry (`server-build.ts`), run by plain `node`. */
  entry: string;
}

/**
 * Starts the server program on a free port with `dataDir` as its data folder, and resolves once it answers its
 * health check: the built `entry` when given, run as production runs it, otherwise the source through tsx. Only the
 * settings named here reach it, so a variable of the shell running the tests (a `DATABASE_URL`, a `REDIS_URL`) cannot
 * change what the tests prove.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string> = {},
  entry?: string,
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, entry ? [entry] : ["--import", "tsx", MAIN], {
    cwd: path.dirname(MAIN),
    env: {
      PATH: process.env.PATH ?? "",
      ...(process.env.TMPDIR ? { TMPDIR: process.env.TMPDIR } : {}),
      ...BASE_ENV,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      WEB_DIST_DIR: path.join(dataDir, "no-web"),
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // A test run that ends early (a timed-out hook, an interrupt) must not leave the server running.
  const orphanGuard = () => child.kill("SIGKILL");
  process.once("exit", orphanGuard);
  void exited.then(() => process.off("exit", orphanGuard));

  // Generous: on a busy two-core machine the first start (migrations, compiling the server's TypeScript) is slow.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}: ${stderr}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop(child, exited);
      throw new Error(`the server did not answer on ${url} within 180 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, dataDir, stop: () => stop(child, exited) };
}

/** A graceful stop, as an orchestrator asks for one; a server that hangs is killed after 20 s. */
async function stop(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A TCP relay in front of the server. It lets a test cut a WebSocket's connection the way a restart or a broken
 * network would, without any hook inside the server.
 */
async function startRelay(target: URL) {
  /** The relayed connections that carry a WebSocket, each cut at both ends by `destroy`. */
  const upgraded = new Set<RelayedLink>();
  const all = new Set<RelayedLink>();
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const link: RelayedLink = {
      chunksFromClient: 0,
      destroy: () => {
        client.destroy();
        upstream.destroy();
      },
    };
    all.add(link);
    client.on("data", () => link.chunksFromClient++);
    client.once("data", (first: Buffer) => {
      // An upgrade request is the first and only request its connection carries.
      if (/\r\nupgrade:\s*websocket/i.test(first.toString("latin1"))) upgraded.add(link);
    });
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("error", link.destroy);
    upstream.on("error", link.destroy);
    // A close passes on as an end, which still delivers what was written before it: a server's refusal frame and
    // its close frame arrive just before the connection ends.
    client.on("close", () => {
      upgraded.delete(link);
      all.delete(link);
      upstream.end();
    });
    upstream.on("close", () => client.end());
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const { port } = relay.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    upgraded,
    close: () =>
      new Promise<void>((resolve) => {
        // Idle keep-alive connections would hold the relay open for the server's keep-alive timeout (72 s).
        relay.close(() => resolve());
        for (const link of all) link.destroy();
      }),
  };
}

/** One relayed connection. */
export interface RelayedLink {
  /** TCP reads from the client so far: on a quiet WebSocket, one a frame the client sent (its pings). */
  chunksFromClient: number;
  /** Cuts the connection at both ends. */
  destroy(): void;
}

export interface TestServer {
  /** Where clients reach the server (through the relay). */
  baseUrl: string;
  /** The WebSocket connections open right now; `destroy()` cuts one. */
  upgraded: Set<RelayedLink>;
  /** The newest mail the server wrote to `to`, waiting for the mail job. */
  waitForMail(to: string): Promise<{ subject: string; text: string }>;
  close(): Promise<void>;
}

/**
 * A whole server for one test file, on its own copy of the migrated data folder that the global setup made, with
 * the settings of `env` on top of the defaults.
 */
export async function startTestServer(template: ServerTemplate, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-test-server-"));
  await fs.cp(template.dataDir, dataDir, { recursive: true });
  const server = await startServerProcess(dataDir, env, template.entry).catch(async (error: unknown) => {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  // The clock stands still, as the server's own API tests hold it: a row written twice keeps its timestamp.
  const clock = await fetch(`${server.url}/api/testing/clock`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ now: new Date().toISOString(), frozen: true }),
  });
  if (!clock.ok) {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw new Error(`the server's clock could not be set: ${clock.status}`);
  }
  const relay = await startRelay(new URL(server.url));

  async function waitForMail(to: string) {
    const dir = path.join(dataDir, "mail");
    const deadline = Date.now() + 15_000;
    for (;;) {
      const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith(".json")).sort();
      for (const file of files.reverse()) {
        const mail = JSON.parse(await fs.readFile(path.join(dir, file), "utf8")) as {
          to: string;
          subject: string;
          text: string;
        };
        if (mail.to === to) return mail;
      }
      if (Date.now() > deadline) throw new Error(`no mail to ${to} within 15 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    baseUrl: relay.url,
    upgraded: relay.upgraded,
    waitForMail,
    async close() {
      await relay.close();
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
