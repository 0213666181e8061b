import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const serverDir = path.join(root, "packages/server");

/**
 * The server and its CLI as JavaScript in `outDir`, run with plain `node` and only production dependencies (no tsx, no
 * TypeScript); answers the path of the server's entry. The contract package is bundled in, since it ships TypeScript
 * source; every other package stays an import, resolved from `outDir` upwards, so `outDir` must sit inside
 * `packages/server`.
 */
export async function buildServer(outDir: string): Promise<string> {
  const manifest = JSON.parse(await fs.readFile(path.join(serverDir, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith("@parley/"));
  await fs.rm(outDir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(serverDir, "src/main.ts"),
      cli: path.join(serverDir, "src/cli.ts"),
      // An import's analysis runs on a worker thread, which loads this module beside the entry
      // (`BUILT_ANALYSIS_WORKER` in the imports module's analysis.ts).
      "import-analysis-worker": path.join(serverDir, "src/modules/imports/analysis-worker.ts"),
    },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    // The packages and their subpaths (`drizzle-orm/pg-core`); `pino` is only ever imported for its types.
    external: [...external, ...external.map((name) => `${name}/*`)],
    sourcemap: true,
    logLevel: "warning",
  });
  // `db/migrate.ts` reads its SQL files beside the module that runs it, which in the build is `main.js`.
  await fs.cp(path.join(serverDir, "src/db/migrations"), path.join(outDir, "migrations"), { recursive: true });
  return path.join(outDir, "main.js");
}

/**
 * A build for one test run, in a folder of its own under `packages/server/node_modules/.cache` (where the server's
 * dependencies resolve): its entry, and how to remove it when the run ends.
 */
export async function buildServerForTests(name: string): Promise<{ entry: string; remove(): Promise<void> }> {
  const cache = path.join(serverDir, "node_modules/.cache");
  await fs.mkdir(cache, { recursive: true });
  const buildDir = await fs.mkdtemp(path.join(cache, `${name}-server-`));
  const remove = () => fs.rm(buildDir, { recursive: true, force: true });
  try {
    return { entry: await buildServer(buildDir), remove };
  } catch (error) {
    await remove();
    throw error;
  }
}
