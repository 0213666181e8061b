import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/**
 * `npm run build:server`: the server and its CLI as JavaScript in `packages/server/dist`, so that production runs them
 * with plain `node` and only production dependencies (no tsx, no TypeScript). The contract package is bundled in,
 * since it ships TypeScript source; every other package stays an import, installed by `npm ci --omit=dev`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverDir = path.join(root, "packages/server");
const outDir = path.join(serverDir, "dist");

const manifest = JSON.parse(await fs.readFile(path.join(serverDir, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith("@parley/"));

await fs.rm(outDir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(serverDir, "src/main.ts"),
    cli: path.join(serverDir, "src/cli.ts"),
    // An import's analysis runs on a worker thread, which loads this module beside the entry (`BUILT_ANALYSIS_WORKER`
    // in the imports module's analysis.ts).
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
// `db/migrate.ts` reads its SQL files beside the module that runs it, which in the build is `dist/main.js`.
await fs.cp(path.join(serverDir, "src/db/migrations"), path.join(outDir, "migrations"), { recursive: true });
process.stdout.write(`Built the server into ${path.relative(root, outDir)}\n`);
