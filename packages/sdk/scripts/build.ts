/**
 * Builds the published package into `dist/`: `index.js` (ESM) and `index.cjs` (CommonJS) bundled by esbuild, and
 * `index.d.ts` / `index.d.cts` bundled by dts-bundle-generator; the same four for the offline entry (`offline.*`),
 * which imports the main entry by the package's name rather than carrying a copy of it, so the two share one
 * `ParleyError` class and one set of declarations. `@parley/contract/client` is bundled into both, so
 * the package depends on no workspace package; the contract's zod-inferred types are first written out as plain
 * TypeScript (`scripts/contract-declarations.ts` at the repository's root), so the declarations need no zod either.
 *
 *   npm run build -w packages/sdk        (`npm pack` runs it through `prepack`)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateDtsBundle } from "dts-bundle-generator";
import { type BuildOptions, build } from "esbuild";
import { contractDeclarations } from "../../../scripts/contract-declarations";

const sdkDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const contractDir = path.resolve(sdkDir, "../contract");
const distDir = path.join(sdkDir, "dist");
/** The package's entries: the client, and the offline layer beside it. */
const entries = [
  { name: "index", file: path.join(sdkDir, "src/index.ts") },
  { name: "offline", file: path.join(sdkDir, "src/offline/index.ts") },
];
/** How the offline entry imports the main one: by name, so an app's bundler or Node finds the package's own copy. */
const SELF = "@parley/sdk";

/** Node 20 and the browsers of the last few years run ES2022 as it is: private fields, `??`, top-level classes. */
const TARGET = "es2022";

async function buildJs(entry: { name: string; file: string }): Promise<void> {
  const common: BuildOptions = {
    entryPoints: [entry.file],
    bundle: true,
    external: [SELF],
    // Neither Node's nor a browser's: the SDK takes fetch and WebSocket from the global scope or its options.
    platform: "neutral",
    target: TARGET,
    metafile: true,
    logLevel: "warning",
  };
  const results = await Promise.all([
    build({ ...common, format: "esm", outfile: path.join(distDir, `${entry.name}.js`) }),
    build({ ...common, format: "cjs", outfile: path.join(distDir, `${entry.name}.cjs`) }),
  ]);
  // The contract's client entry is zod-free by design; a schema pulled in by a later import would add about 100 KB
  // to every app, so it stops the build here instead of passing unnoticed.
  for (const { metafile } of results) {
    const zod = Object.keys(metafile?.inputs ?? {}).filter((input) => input.includes("node_modules/zod/"));
    if (zod.length > 0) throw new Error(`the bundle pulls in zod through ${zod[0]}`);
  }
}

function buildTypes(entry: { name: string; file: string }): void {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-sdk-types-"));
  try {
    const contractTypes = path.join(workDir, "contract-client.d.ts");
    fs.writeFileSync(contractTypes, contractDeclarations(contractDir));
    // The offline entry sees the main entry as an app does: its built declarations, in a node_modules folder, which
    // makes them a library's, imported by name rather than copied in.
    const selfTypes = path.join(workDir, "node_modules", SELF, "index.d.ts");
    fs.mkdirSync(path.dirname(selfTypes), { recursive: true });
    if (entry.name !== "index") fs.copyFileSync(path.join(distDir, "index.d.ts"), selfTypes);
    const tsconfig = path.join(workDir, "tsconfig.json");
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(sdkDir, "tsconfig.json"),
        compilerOptions: {
          // The generated file stands in for the contract's source, so the declarations inline it.
          paths: { "@parley/contract/client": [contractTypes], [SELF]: [selfTypes] },
          // Node's types stay out, so a declaration that needs them fails here rather than in a browser app.
          types: [],
        },
        files: [entry.file],
      }),
    );
    const [declarations] = generateDtsBundle(
      [
        {
          filePath: entry.file,
          output: { noBanner: true, exportReferencedTypes: false },
          libraries: { importedLibraries: [SELF] },
        },
      ],
      { preferredConfigPath: tsconfig },
    );
    if (!declarations) throw new Error("dts-bundle-generator wrote nothing");
    const imported = [...declarations.matchAll(/from\s+["']([^"']+)["']/g)].map((m) => m[1]);
    if (imported.some((name) => name !== SELF && (name?.startsWith("@parley/") || name === "zod"))) {
      throw new Error(`the declarations of ${entry.name} import a workspace or zod: ${imported.join(", ")}`);
    }
    fs.writeFileSync(path.join(distDir, `${entry.name}.d.ts`), declarations);
    // The same declarations as CommonJS, for `require` under `moduleResolution: node16`.
    fs.writeFileSync(path.join(distDir, `${entry.name}.d.cts`), declarations);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

fs.rmSync(distDir, { recursive: true, force: true });
for (const entry of entries) {
  await buildJs(entry);
  buildTypes(entry);
}
