import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { outputMatching } from "./process-output";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What docs/production.md ("Installing and starting") ships to a server, besides the web app's build. */
const SHIPPED = [
  "package.json",
  "package-lock.json",
  "packages/server/package.json",
  "packages/server/dist",
  "packages/contract/package.json",
];

let scratch = "";
let server: ChildProcess | null = null;

async function run(command: string, args: string[], cwd: string): Promise<void> {
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output}`);
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

afterEach(async () => {
  if (server && server.exitCode === null) {
    const exited = once(server, "exit");
    server.kill("SIGTERM");
    await exited;
  }
  server = null;
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

describe("the production build", () => {
  it("runs with plain node on production dependencies only, installed by npm ci --omit=dev, and answers health", async () => {
    await run("npm", ["run", "build:server"], root);
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), "parley-production-"));
    for (const item of SHIPPED) {
      await fs.cp(path.join(root, item), path.join(scratch, item), { recursive: true });
    }
    await run(
      "npm",
      ["ci", "--omit=dev", "-w", "@parley/api-server", "--no-audit", "--no-fund", "--prefer-offline"],
      scratch,
    );
    // Development tools stayed out: the build needs none of them.
    for (const devOnly of ["tsx", "typescript", "esbuild", "vitest", "drizzle-kit"]) {
      await expect(fs.stat(path.join(scratch, "node_modules", devOnly)), devOnly).rejects.toThrow(/ENOENT/);
    }

    const port = await freePort();
    server = spawn(process.execPath, ["--max-semi-space-size=32", "packages/server/dist/main.js"], {
      cwd: scratch,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: path.join(scratch, "data"),
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_FORMAT: "json",
        JOBS_ENABLED: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // The server says when it listens; health is asked once, then.
    await outputMatching(server, /Server listening at/, 60_000);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok", database: "pglite" });
  }, 300_000);
});
