import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, inject, it } from "vitest";
import { SERVER_NODE_FLAGS } from "../../src/node-flags";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

let dataDir: string;
let server: ChildProcess | null = null;

function env(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
    JOBS_ENABLED: "false",
    WEB_DIST_DIR: path.join(dataDir, "no-web"),
  };
}

/** Starts `src/main.ts` as `npm start` does and resolves once it says it is running. */
async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: env(),
  });
  let output = "";
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Parley is running")) resolve();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`the server exited with ${code}: ${output}`)));
  });
  return child;
}

async function runCli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli.ts", ...args], { cwd: serverRoot, env: env() });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  return { code, stdout, stderr };
}

async function stopServer(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = once(server, "exit");
  server.kill("SIGTERM");
  await exited;
}

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parley-cli-"));
  // Starting from the run's migrated copy saves the server creating and migrating a database.
  const template = inject("testDatabase");
  if (template.kind === "pglite") await fs.cp(template.templateDir, path.join(dataDir, "db"), { recursive: true });
});

afterEach(async () => {
  await stopServer();
  server = null;
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe("the CLI beside a running server", () => {
  it("refuses the embedded database a running server holds (CLI and a second server alike) until it stops", async () => {
    server = await startServer();
    const refused = await runCli("enable-notice", "someone@example.com");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by another Parley process (pid ${server.pid}`);
    expect(refused.stderr).toContain("admin console");
    expect(refused.stdout).toBe("");

    const second = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], { cwd: serverRoot, env: env() });
    let stderr = "";
    second.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const [code] = (await once(second, "exit")) as [number | null];
    expect(code).toBe(1);
    expect(stderr).toContain(`Parley cannot start. The database folder ${path.join(dataDir, "db")} is in use`);

    await stopServer();
    // The same command now reaches the database: it answers about the account, not about the lock.
    const after = await runCli("enable-notice", "someone@example.com");
    expect(after.stderr).toContain("no account with email someone@example.com");
    expect(after.stderr).not.toContain("in use");
  }, 180_000);
});
