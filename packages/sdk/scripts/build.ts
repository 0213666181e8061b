/**
 * Builds the published package into `dist/`: `index.js` (ESM) and `index.cjs` (CommonJS) bundled by esbuild, and
 * `index.d.ts` / `index.d.cts` bundled by dts-bundle-generator. `@parley/contract/client` is bundled into both, so
 * the package depends on no workspace package; the contract's zod-inferred types are first written out as plain
 * TypeScript (`contract-declarations.ts`), so the declarations need no zod either.
 *
 *   npm run build -w packages/sdk        (`npm pack` runs it through `prepack`)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateDtsBundle } from "dts-bundle-generator";
import { type BuildOptions, build } from "esbuild";
import { contractDeclarations } from "./contract-declarations";

const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contractDir = path.resolve(sdkDir, "../contract");
const distDir = path.join(sdkDir, "dist");
const entry = path.join(sdkDir, "src/index.ts");

/** Node 20 and the browsers of the last few years run ES2022 as it is: private fields, `??`, top-level classes. */
const TARGET = "es2022";

async function buildJs(): Promise<void> {
  const common: BuildOptions = {
    entryPoints: [entry],
    bundle: true,
    // Neither Node's nor a browser's: the SDK takes fetch and WebSocket from the global scope or its options.
    platform: "neutral",
    target: TARGET,
    metafile: true,
    logLevel: "warning",
  };
  const results = await Promise.all([
    build({ ...common, format: "esm", outfile: path.join(distDir, "index.js") }),
    build({ ...common, format: "cjs", outfile: path.join(distDir, "index.cjs") }),
  ]);
  // The contract's client entry is zod-free by design; a schema pulled in by a later import would add about 100 KB
  // to every app, so it stops the build here instead of passing unnoticed.
  for (const { metafile } of results) {
    const zod = Object.keys(metafile?.inputs ?? {}).filter((input) => input.includes("node_modules/zod/"));
    if (zod.length > 0) throw new Error(`the bundle pulls in zod through ${zod[0]}`);
  }
}

function buildTypes(): void {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sdk-types-"));
  try {
    const contractTypes = path.join(workDir, "contract-client.d.ts");
    fs.writeFileSync(contractTypes, contractDeclarations(contractDir));
    const tsconfig = path.join(workDir, "tsconfig.json");
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(sdkDir, "tsconfig.json"),
        compilerOptions: {
          // The generated file stands in for the contract's source, so the declarations inline it.
          paths: { "@parley/contract/client": [contractTypes] },
          // Node's types stay out, so a declaration that needs them fails here rather than in a browser app.
          types: [],
        },
        files: [entry],
      }),
    );
    const [declarations] = generateDtsBundle(
      [{ filePath: entry, output: { noBanner: true, exportReferencedTypes: false } }],
      { preferredConfigPath: tsconfig },
    );
    if (!declarations) throw new Error("dts-bundle-generator wrote nothing");
    if (/from\s+["'](@parley\/|zod)/.test(declarations)) throw new Error("the declarations import a workspace or zod");
    fs.writeFileSync(path.join(distDir, "index.d.ts"), declarations);
    // The same declarations as CommonJS, for `require` under `moduleResolution: node16`.
    fs.writeFileSync(path.join(distDir, "index.d.cts"), declarations);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

fs.rmSync(distDir, { recursive: true, force: true });
await buildJs();
buildTypes();
