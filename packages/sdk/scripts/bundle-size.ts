/**
 * What a chat SDK costs a web app, measured one way for ours and for others: the package installed from its
 * registry tarball into an empty folder, a one-line import of its client bundled by esbuild (minified, ESM, for
 * browsers, so unused code is shaken out) and gzipped. The SDK's size test and `compare-size.ts` both use it.
 */
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const run = promisify(execFile);

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface BundleSize {
  /** Minified bytes. */
  bytes: number;
  /** The same, gzipped at level 9. */
  gzipBytes: number;
  /** The files that went into the bundle, relative to the app's folder (the entry is `app.js`). */
  inputs: string[];
}

/** Bundles `source` as an app's entry module whose imports resolve from `dir`'s node_modules. */
export async function browserBundleSize(dir: string, source: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: source, resolveDir: dir, sourcefile: "app.js", loader: "js" },
    absWorkingDir: dir,
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error("esbuild wrote nothing");
  return {
    bytes: output.contents.byteLength,
    gzipBytes: gzipSync(output.contents, { level: 9 }).byteLength,
    inputs: Object.keys(result.metafile.inputs),
  };
}

/**
 * Held while the SDK is built and packed, or built for its API reference: the SDK's and the UI kit's package tests
 * each pack it, in test workers that run at once, the dashboard's build (its SDK reference) builds it beside them in
 * the production-build test and in CI, and two builds writing `dist/` together could pack a half-written file.
 */
const PACK_LOCK = path.join(repoRoot, "packages/sdk/.pack-lock");
const PACK_LOCK_WAIT_MS = 300_000;

export async function withPackLock<T>(work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + PACK_LOCK_WAIT_MS;
  for (;;) {
    try {
      // Making a directory either succeeds or finds it there, in one step: the lock.
      await fs.mkdir(PACK_LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`${PACK_LOCK} held for over ${PACK_LOCK_WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(PACK_LOCK, { recursive: true, force: true });
  }
}

/** Packs `@parley/sdk` as `npm publish` would (its `prepack` builds it) and returns the tarball's path. */
export async function packSdk(destination: string): Promise<string> {
  await withPackLock(() =>
    run("npm", ["pack", "-w", "packages/sdk", "--pack-destination", destination], { cwd: repoRoot }),
  );
  const tarball = (await fs.readdir(destination)).find((name) => /^parley-sdk-.*\.tgz$/.test(name));
  if (!tarball) throw new Error(`npm pack left no tarball in ${destination}`);
  return path.join(destination, tarball);
}

/**
 * A new folder outside the repository with `specs` installed as an app would (`npm install …`), so nothing of the
 * workspace (its node_modules, its TypeScript paths) can leak into what is measured or tested.
 */
export async function installInTempFolder(prefix: string, specs: string[]): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.writeFile(path.join(dir, "package.json"), `${JSON.stringify({ name: "app", private: true }, null, 2)}\n`);
  await run("npm", ["install", "--no-audit", "--no-fund", "--ignore-scripts", ...specs], { cwd: dir });
  return dir;
}

/** The version of `name` installed in `dir`. */
export async function installedVersion(dir: string, name: string): Promise<string> {
  const pkg = JSON.parse(await fs.readFile(path.join(dir, "node_modules", name, "package.json"), "utf8"));
  return String(pkg.version);
}
