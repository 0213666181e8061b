/**
 * Builds the published package into `dist/`: for each entry (`index`, and `headless`, the kit without its DOM) a
 * `.js` (ESM) and `.cjs` (CommonJS) bundled by esbuild with React and the SDK left to the app (peer dependencies),
 * `.d.ts` / `.d.cts` bundled by dts-bundle-generator; and the stylesheet as `styles.css`.
 *
 *   npm run build -w packages/react        (`npm pack` runs it through `prepack`)
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
/** The package's entries by the name of their files in `dist/`. */
const ENTRIES = ["index", "headless"] as const;
const entryFile = (name: string) => path.join(kitDir, `src/${name}.ts`);
/** The app brings these, once, so hooks and the client are the app's own. */
const PEERS = ["react", "react-dom", "react/jsx-runtime", "@parley/sdk"];

async function buildJs(name: string): Promise<void> {
  const common: BuildOptions = {
    entryPoints: [entryFile(name)],
    bundle: true,
    platform: "neutral",
    target: "es2022",
    jsx: "automatic",
    external: PEERS,
    logLevel: "warning",
  };
  await Promise.all([
    build({ ...common, format: "esm", outfile: path.join(distDir, `${name}.js`) }),
    build({ ...common, format: "cjs", outfile: path.join(distDir, `${name}.cjs`) }),
  ]);
}

function buildTypes(name: string): void {
  const entry = entryFile(name);
  if (!fs.existsSync(sdkDeclarations)) throw new Error("build the SDK first: npm run build -w packages/sdk");
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "parley-react-types-"));
  try {
    const tsconfig = path.join(workDir, "tsconfig.json");
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(kitDir, "tsconfig.json"),
        compilerOptions: {
          // The SDK as an app installs it (its build, found through node_modules), not its source, so the
          // declarations import it by name rather than copy its types in.
          customConditions: [],
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
          libraries: { importedLibraries: PEERS },
          output: { noBanner: true, exportReferencedTypes: false },
        },
      ],
      { preferredConfigPath: tsconfig },
    );
    if (!declarations) throw new Error("dts-bundle-generator wrote nothing");
    if (!/from ["']@parley\/sdk["']/.test(declarations)) throw new Error("the declarations inline the SDK's types");
    fs.writeFileSync(path.join(distDir, `${name}.d.ts`), declarations);
    // The same declarations as CommonJS, for `require` under `moduleResolution: node16`.
    fs.writeFileSync(path.join(distDir, `${name}.d.cts`), declarations);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

fs.rmSync(distDir, { recursive: true, force: true });
fs.mkdirSync(distDir, { recursive: true });
for (const name of ENTRIES) {
  await buildJs(name);
  buildTypes(name);
}
fs.copyFileSync(path.join(kitDir, "src/styles.css"), path.join(distDir, "styles.css"));
