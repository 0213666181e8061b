/**
 * What the dashboard's build is made from, so `npm start` rebuilds it only when that changed: a hash of every input
 * file's path and content, kept in the build's folder. Content, not modification times: a fresh clone or a branch
 * switched back and forth touches files without changing the build.
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/** The file in the build folder holding the hash of the inputs it was built from. */
export const BUILD_STAMP = ".build-inputs";

/** Folders and files, from the repository's root, that the build reads. */
const INPUTS = [
  "packages/web/src",
  "packages/web/public",
  "packages/web/scripts",
  "packages/web/index.html",
  "packages/web/vite.config.ts",
  "packages/web/tsconfig.json",
  "packages/web/package.json",
  "packages/contract/src",
  "packages/contract/package.json",
  // The live chat view bundles the SDK from its source, found through its package.json's exports.
  "packages/sdk/src",
  "packages/sdk/package.json",
  "tsconfig.base.json",
  "package-lock.json",
];

/** Tests and their helpers are not part of what is built. */
const isBuildInput = (file: string) => !/\.test\.tsx?$/.test(file) && !file.includes(`${path.sep}testing${path.sep}`);

async function filesUnder(entry: string): Promise<string[]> {
  const stat = await fs.stat(entry).catch(() => null);
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  const found = await fs.readdir(entry, { recursive: true, withFileTypes: true });
  return found.filter((item) => item.isFile()).map((item) => path.join(item.parentPath, item.name));
}

/** The hash of every input's path and content, in a fixed order. */
export async function hashBuildInputs(root: string): Promise<string> {
  const files = (await Promise.all(INPUTS.map((entry) => filesUnder(path.join(root, entry)))))
    .flat()
    .filter(isBuildInput)
    .sort();
  const hash = createHash("sha256");
  for (const file of files) {
    hash.update(path.relative(root, file).split(path.sep).join("/"));
    hash.update("\0");
    hash.update(await fs.readFile(file));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether the build in `distDir` is missing or was made from other inputs than `inputsHash`, and why. */
export async function buildNeeded(distDir: string, inputsHash: string): Promise<string | null> {
  const hasApp = await fs.stat(path.join(distDir, "index.html")).then(
    () => true,
    () => false,
  );
  if (!hasApp) return "it has not been built yet";
  const stamp = await fs.readFile(path.join(distDir, BUILD_STAMP), "utf8").catch(() => null);
  if (stamp?.trim() !== inputsHash) return "its sources changed";
  return null;
}

/** Records the inputs a finished build was made from. */
export async function writeBuildStamp(distDir: string, inputsHash: string): Promise<void> {
  await fs.writeFile(path.join(distDir, BUILD_STAMP), `${inputsHash}\n`);
}
