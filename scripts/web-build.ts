import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildNeeded, hashBuildInputs, writeBuildStamp } from "../packages/web/scripts/build-inputs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distDir = path.join(root, "packages/web/dist");

/**
 * Builds the dashboard and records what it was built from. The hash is taken before the build starts, so a file
 * edited while it runs makes the next start build again rather than pass for built.
 *
 * Quiet, the build's own output is kept back and shown only if it fails.
 */
export async function buildWeb(options: { quiet: boolean }): Promise<void> {
  const inputsHash = await hashBuildInputs(root);
  await new Promise<void>((resolve, reject) => {
    const child = spawn("npm", ["run", "build", "-w", "@parley/web"], {
      cwd: root,
      stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) return resolve();
      if (options.quiet) process.stderr.write(Buffer.concat(output));
      reject(new Error(`the dashboard's build failed (exit code ${code})`));
    });
  });
  await writeBuildStamp(distDir, inputsHash);
}

/** Builds the dashboard when it is missing or its sources changed since it was built; says so in one line. */
export async function buildWebIfChanged(): Promise<void> {
  const reason = await buildNeeded(distDir, await hashBuildInputs(root));
  if (!reason) return;
  const started = Date.now();
  process.stdout.write(`Building the dashboard (${reason})…\n`);
  await buildWeb({ quiet: true });
  process.stdout.write(`Built in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}
