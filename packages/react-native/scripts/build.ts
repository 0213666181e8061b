/**
 * Builds the published package into `dist/`: `index.js` (ESM) and `index.cjs` (CommonJS) bundled by esbuild, and
 * `index.d.ts` / `index.d.cts` bundled by dts-bundle-generator. The web kit's DOM-free entry
 * (`@parley/react/headless`: its hooks, context and strings) is bundled in, so an app installs no `@parley/react`;
 * React and React Native (peer dependencies) and the SDK (a dependency) stay imports, resolved in the app.
 *
 *   npm run build -w @parley/react-native        (`npm pack` runs it through `prepack`)
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { generateDtsBundle } from "dts-bundle-generator";
import { type BuildOptions, build } from "esbuild";

const kitDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** The SDK's published declarations, which the kit's declarations import from as an app's copy of the SDK. */
const sdkDeclarations = path.resolve(kitDir, "../sdk/dist/index.d.ts");
const distDir = path.join(kitDir, "dist");
const entry = path.join(kitDir, "src/index.ts");
/** The app brings these, once, so hooks, native views and the client are the app's own. */
const PEERS = ["react", "react/jsx-runtime", "react-native", "@parley/sdk", "@parley/sdk/offline"];
/** Bundled in from its TypeScript source, through the workspace's source condition. */
const HEADLESS = "@parley/react/headless";
/** The condition under which workspace packages export their TypeScript sources. */
const SOURCE_CONDITION = "@parley/source";

async function buildJs(): Promise<void> {
  const common: BuildOptions = {
    entryPoints: [entry],
    bundle: true,
    platform: "neutral",
    target: "es2022",
    jsx: "automatic",
    external: PEERS,
    conditions: [SOURCE_CONDITION, "react-native", "import"],
    mainFields: ["react-native", "module", "main"],
    logLevel: "warning",
  };
  await Promise.all([
    build({ ...common, format: "esm", outfile: path.join(distDir, "index.js") }),
    build({ ...common, format: "cjs", outfile: path.join(distDir, "index.cjs") }),
  ]);
  for (const file of ["index.js", "index.cjs"]) {
    const code = fs.readFileSync(path.join(distDir, file), "utf8");
    if (code.includes(HEADLESS)) throw new Error(`${file} imports ${HEADLESS} instead of bundling it`);
    // The headless entry promises no DOM; a reference in the bundle would break on a phone.
    if (/\bdocument\.|\bwindow\./.test(code)) throw new Error(`${file} reaches for the DOM`);
  }
}

function buildTypes(): void {
  if (!fs.existsSync(sdkDeclarations)) throw new Error("build the SDK first: npm run build -w packages/sdk");
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-react-native-types-"));
  try {
    const tsconfig = path.join(workDir, "tsconfig.json");
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(kitDir, "tsconfig.json"),
        compilerOptions: {
          // The SDK as an app installs it (its build), so the declarations import it by name; the web kit's headless
          // entry by its source, so its types are copied in (an app has no `@parley/react` to import them from).
          customConditions: [],
          paths: { [HEADLESS]: [path.resolve(kitDir, "../react/src/headless.ts")] },
          preserveSymlinks: true,
          types: [],
        },
        files: [entry],
      }),
    );
    const [declarations] = generateDtsBundle(
      [
        {
          filePath: entry,
          libraries: { importedLibraries: PEERS, inlinedLibraries: [] },
          output: { noBanner: true, exportReferencedTypes: false },
        },
      ],
      { preferredConfigPath: tsconfig },
    );
    if (!declarations) throw new Error("dts-bundle-generator wrote nothing");
    if (!/from ["']@parley\/sdk["']/.test(declarations)) throw new Error("the declarations inline the SDK's types");
    if (declarations.includes(HEADLESS)) throw new Error(`the declarations import ${HEADLESS}`);
    fs.writeFileSync(path.join(distDir, "index.d.ts"), declarations);
    // The same declarations as CommonJS, for `require` under `moduleResolution: node16`.
    fs.writeFileSync(path.join(distDir, "index.d.cts"), declarations);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

fs.rmSync(distDir, { recursive: true, force: true });
fs.mkdirSync(distDir, { recursive: true });
await buildJs();
buildTypes();
