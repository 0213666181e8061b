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

async function run(command: string, args: string[], cwd: string): Promise<string> {
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
  return output;
}

/**
 * Drives the built import-analysis worker as the server does (`analysis.ts` in the imports module): the file's bytes
 * in, no IDs known, every page stored; prints the worker's last message.
 */
const DRIVE_ANALYSIS_WORKER = `
import fs from "node:fs";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
const [file, workerPath, setup] = process.argv.slice(1);
const bytes = new Uint8Array(fs.readFileSync(file));
const worker = new Worker(pathToFileURL(workerPath), { workerData: JSON.parse(setup), execArgv: [] });
const end = (message) => { console.log(JSON.stringify(message)); process.exit(0); };
worker.on("message", (m) => {
  if (m.type === "ids") worker.postMessage({ type: "existing", userIds: [], channelIds: [] });
  else if (m.type === "page") worker.postMessage({ type: "stored" });
  else end({ type: m.type, counts: m.report?.counts, message: m.message });
});
worker.on("error", (err) => end({ type: "error", message: String(err) }));
worker.postMessage({ type: "input", source: "stream", bytes, name: "app.jsonl" }, [bytes.buffer]);
`;

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

    // An import's analysis runs on a worker thread, whose module the build ships beside the entry.
    const analysed = await run(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        DRIVE_ANALYSIS_WORKER,
        path.join(root, "packages/server/test/fixtures/imports/stream/app.jsonl"),
        path.join(scratch, "packages/server/dist/import-analysis-worker.js"),
        JSON.stringify({
          appId: "7d0f3c1e-64c1-4b7a-9d0e-3c2b1a000001",
          source: "stream",
          now: "2026-01-01T00:00:00.000Z",
          copyFiles: false,
          pageRows: 100,
        }),
      ],
      scratch,
    );
    expect(JSON.parse(analysed.trim().split("\n").at(-1) ?? "{}")).toMatchObject({ type: "done" });
  }, 300_000);
});
