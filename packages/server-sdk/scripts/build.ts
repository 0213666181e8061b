/**
 * Builds the published package into `dist/`: `index.js` (ESM) and `index.cjs` (CommonJS) bundled by esbuild for
 * Node, and `index.d.ts` / `index.d.cts` bundled by dts-bundle-generator. What the SDK uses of `@parley/contract`
 * (gathered from its imports by `contract-entry.ts`) is bundled in, so the package depends on no workspace package: its values, from the zod-free
 * `@parley/contract/client`, by esbuild, and its zod-inferred types first written out as plain TypeScript (the
 * repository's `scripts/contract-declarations.ts`, which the chat SDK's build uses too).
 *
 *   npm run build -w packages/server-sdk        (`npm pack` runs it through `prepack`)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateDtsBundle } from "dts-bundle-generator";
import { type BuildOptions, build } from "esbuild";
import { contractDeclarations } from "../../../scripts/contract-declarations";
import { contractEntrySource } from "./contract-entry";

const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contractDir = path.resolve(sdkDir, "../contract");
const distDir = path.join(sdkDir, "dist");
const entry = path.join(sdkDir, "src/index.ts");

/** Node 20 runs ES2022 as it is. */
const TARGET = "node20";

async function buildJs(): Promise<void> {
  const common: BuildOptions = {
    entryPoints: [entry],
    bundle: true,
    platform: "node",
    target: TARGET,
    metafile: true,
    logLevel: "warning",
  };
  const results = await Promise.all([
    build({ ...common, format: "esm", outfile: path.join(distDir, "index.js") }),
    build({ ...common, format: "cjs", outfile: path.join(distDir, "index.cjs") }),
  ]);
  // The contract's values come from its zod-free entry; a schema pulled in by a later import stops the build here.
  for (const { metafile } of results) {
    for (const output of Object.values(metafile?.outputs ?? {})) {
      const zod = Object.entries(output.inputs).find(
        ([input, { bytesInOutput }]) => input.includes("node_modules/zod/") && bytesInOutput > 0,
      );
      if (zod) throw new Error(`the bundle carries zod's ${zod[0]}`);
    }
  }
}

function buildTypes(): void {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-server-sdk-types-"));
  try {
    const contractTypes = path.join(workDir, "contract.d.ts");
    // Beside the scripts rather than in the temporary folder, so its imports resolve through the repository's packages.
    const contractEntry = path.join(sdkDir, "scripts", `.contract-entry-${process.pid}.ts`);
    fs.writeFileSync(contractEntry, contractEntrySource(path.join(sdkDir, "src")));
    try {
      fs.writeFileSync(contractTypes, contractDeclarations(contractDir, contractEntry));
    } finally {
      fs.rmSync(contractEntry, { force: true });
    }
    const tsconfig = path.join(workDir, "tsconfig.json");
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(sdkDir, "tsconfig.json"),
        // The generated file stands in for the contract's source, so the declarations inline it.
        compilerOptions: {
          paths: { "@parley/contract": [contractTypes], "@parley/contract/client": [contractTypes] },
          // Node's types, found from the repository rather than from the temporary folder.
          typeRoots: [path.resolve(sdkDir, "../../node_modules/@types")],
        },
        files: [entry],
      }),
    );
    const [declarations] = generateDtsBundle(
      [{ filePath: entry, output: { noBanner: true, exportReferencedTypes: false } }],
      { preferredConfigPath: tsconfig },
    );
    if (!declarations) throw new Error("dts-bundle-generator wrote nothing");
    const imported = [...declarations.matchAll(/from\s+["']([^"']+)["']/g)].map((m) => m[1]);
    if (imported.some((name) => name?.startsWith("@parley/") || name === "zod")) {
      throw new Error(`the declarations import a workspace or zod: ${imported.join(", ")}`);
    }
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
