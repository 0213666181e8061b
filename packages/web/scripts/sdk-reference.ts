/**
 * Puts the SDK's generated API reference (TypeDoc, from the declarations the package ships) into the build at
 * `/sdk-reference/`, so the public docs link to the reference of the SDK this server was built with.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { withPackLock } from "../../sdk/scripts/bundle-size";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../../..");
const generated = path.join(root, "packages/sdk/api-docs");
const target = path.resolve(here, "../dist/sdk-reference");

// `docs:api` builds the SDK's `dist/` first: under the lock the package tests take to pack it, so neither reads what
// the other is writing.
await withPackLock(
  () =>
    new Promise<void>((resolve, reject) => {
      const child = spawn("npm", ["run", "docs:api", "-w", "@parley/sdk"], {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      });
      const output: Buffer[] = [];
      child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
      child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
      child.on("error", reject);
      child.on("exit", (code) => {
        if (code === 0) return resolve();
        process.stderr.write(Buffer.concat(output));
        reject(new Error(`the SDK's API reference could not be generated (exit code ${code})`));
      });
    }),
);
await fs.rm(target, { recursive: true, force: true });
await fs.cp(generated, target, { recursive: true });

/**
 * TypeDoc writes one inline script into every page (the theme, and hiding the page until its script shows it). The
 * site's Content-Security-Policy allows scripts from its own origin only, so the script moves into a file of its
 * own that each page loads at the same place, as TypeDoc loads its other scripts.
 */
const INLINE_SCRIPT = /<script>([^<]+)<\/script>/g;
const INIT_FILE = "assets/page-init.js";
let initScript: string | null = null;
for (const entry of await fs.readdir(target, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
  const file = path.join(entry.parentPath, entry.name);
  const prefix = path.relative(path.dirname(file), target).split(path.sep).join("/");
  const src = prefix ? `${prefix}/${INIT_FILE}` : INIT_FILE;
  const html = await fs.readFile(file, "utf8");
  const rewritten = html.replace(INLINE_SCRIPT, (_whole, code: string) => {
    if (initScript !== null && initScript !== code) throw new Error(`${file}: a second kind of inline script`);
    initScript = code;
    return `<script src="${src}"></script>`;
  });
  if (rewritten !== html) await fs.writeFile(file, rewritten);
}
if (initScript !== null) await fs.writeFile(path.join(target, INIT_FILE), initScript);
