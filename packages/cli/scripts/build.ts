/**
 * Builds the published package into `dist/main.js`: the CLI bundled by esbuild for Node as one ES module, with the
 * server SDK and the zod-free part of the contract taken from their sources and bundled in, so the package installs
 * with no dependency and runs on plain Node (`bin/parley.js` imports the bundle when there is one).
 *
 *   npm run build -w packages/cli        (`npm pack` runs it through `prepack`)
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const cliDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distDir = path.join(cliDir, "dist");

fs.rmSync(distDir, { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: [path.join(cliDir, "src/main.ts")],
  outfile: path.join(distDir, "main.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  // Node 20 runs ES2022 as it is.
  target: "node20",
  // The workspace packages' TypeScript sources (their `@parley/source` export), not builds that may be stale.
  conditions: ["@parley/source"],
  metafile: true,
  logLevel: "warning",
});
const inputs = Object.keys(metafile.inputs);
const zod = inputs.find((input) => input.includes("node_modules/zod/"));
if (zod) throw new Error(`the bundle carries zod's ${zod}`);
