/**
 * Writes a Brotli and a gzip copy next to each built asset that compresses well (scripts, styles, SVG, the
 * texts), once at build time at the strongest settings, so the server sends them without compressing per
 * request. The server picks the copy the browser accepts and falls back to the plain file.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist");
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

let count = 0;
for (const entry of await fs.readdir(dist, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await fs.readFile(file);
  if (body.length < MIN_BYTES) continue;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip(body, { level: 9 }),
  ]);
  await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
  count++;
}
process.stdout.write(`compressed ${count} files\n`);
