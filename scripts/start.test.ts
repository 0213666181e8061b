import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { outputMatching } from "./process-output";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** docs/production.md, "Graceful shutdown": a process stops within 20 s of the signal or exits with code 1. */
const SHUTDOWN_MS = 20_000;

let dataDir = "";
let npm: ChildProcess | null = null;
let serverPid = 0;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function isPortFree(port: number): Promise<boolean> {
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

afterEach(async () => {
  // A failed run must not leave its server holding the port and the folder.
  if (serverPid && isAlive(serverPid)) process.kill(serverPid, "SIGKILL");
  if (npm?.pid && npm.exitCode === null) npm.kill("SIGKILL");
  npm = null;
  serverPid = 0;
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe("npm start", () => {
  it.each(["SIGTERM", "SIGINT"] as const)(
    "stops the server gracefully on %s sent to npm: shutdown logged, port and db.lock released",
    async (signal) => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-start-"));
      const port = await freePort();
      npm = spawn("npm", ["start"], {
        cwd: root,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: "",
          PORT: String(port),
          HOST: "127.0.0.1",
          LOG_FORMAT: "json",
          JOBS_ENABLED: "false",
          // Misspelled on purpose: start-up warns about it.
          CAMPAIN_BATCH_SIZE: "500",
          // Set, it makes `npm start` serve that folder and skip building the dashboard.
          WEB_DIST_DIR: path.join(dataDir, "no-web"),
        },
      });
      const npmExited = new Promise<void>((resolve) => npm?.once("exit", () => resolve()));
      // The server says when it listens; health is asked once, then.
      let output = await outputMatching(npm, /Server listening at/, 60_000);
      npm.stdout?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      npm.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      serverPid = Number(/"pid":(\d+)/.exec(output)?.[1]);
      expect(serverPid).toBeGreaterThan(0);
      expect(serverPid).not.toBe(npm.pid);
      const lockFile = path.join(dataDir, "db.lock");
      expect(await exists(lockFile)).toBe(true);
      expect(output).toContain(
        "CAMPAIN_BATCH_SIZE is not a Parley setting and is ignored; did you mean CAMPAIGN_BATCH_SIZE?",
      );

      const sent = Date.now();
      npm.kill(signal);
      // npm ends when the server it started has ended: its exit is the server's.
      await npmExited;
      expect(Date.now() - sent).toBeLessThan(SHUTDOWN_MS);
      expect(isAlive(serverPid)).toBe(false);
      expect(await isPortFree(port)).toBe(true);
      expect(await exists(lockFile)).toBe(false);
      expect(output).toMatch(new RegExp(`"signal":"${signal}".*"msg":"shutting down"`));
    },
    180_000,
  );
});
