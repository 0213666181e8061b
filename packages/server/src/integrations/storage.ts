import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/** Where uploaded files live. The disk store is the default; an object store plugs in behind the same calls. */
export interface FileStorage {
  /** Stores the stream under `key` and returns its size in bytes. */
  put(key: string, body: Readable): Promise<number>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/`. */
  deleteFolder(prefix: string): Promise<void>;
}

/** The one file of an upload, as a route hands it on. */
export interface Upload {
  /** The file's bytes. Ends with a 300 error when the request breaks off or is malformed mid-file. */
  stream: Readable;
  /** Read after the stream ends: the file was longer than the limit, so `stream` holds only its start. */
  readonly truncated: boolean;
  /** The name as the client sent it; pass it through {@link safeFileName} before storing or showing it. */
  fileName: string;
  mimeType: string;
  /** The text fields sent before the file, already checked to be storable. */
  fields: Record<string, string>;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });
/** An extension longer than this is more likely part of the name ("report.final draft v2") than a file type. */
const EXTENSION_MAX = 16;

/**
 * An uploaded file's name made safe to store, to put in a URL path and in a header: path separators, quotes,
 * control characters (NUL included, which no PostgreSQL text holds) and lone surrogates (which no `jsonb` holds)
 * become `_`. A name longer than `max` UTF-16 code units is shortened before its extension, at a character
 * boundary (an emoji with its modifiers stays whole), so it stays valid UTF-8 and keeps its type. An empty name,
 * or one a URL would resolve away ("." or ".."), becomes "file".
 */
export function safeFileName(raw: string, max: number): string {
  const cleaned = raw.replace(/[\\/"\p{Cc}\u2028\u2029]|\p{Cs}/gu, "_").trim();
  if (cleaned === "" || cleaned === "." || cleaned === "..") return "file";
  if (cleaned.length <= max) return cleaned;
  const dot = cleaned.lastIndexOf(".");
  const extension = dot > 0 && cleaned.length - dot <= EXTENSION_MAX ? cleaned.slice(dot) : "";
  const stem = extension ? cleaned.slice(0, dot) : cleaned;
  let kept = "";
  for (const { segment } of graphemes.segment(stem)) {
    if (kept.length + segment.length > max - extension.length) break;
    kept += segment;
  }
  return `${kept.trimEnd() || "file"}${extension}`;
}

const SAFE_KEY = /^[A-Za-z0-9/_-]+$/;

export function createDiskStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    // Keys are made by the server, never by users; the check keeps a bug from writing outside the folder.
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, body) {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // A name of its own: two writers of one key (a run that lost its lease and the run after it) never share a file.
      const partial = `${target}.${randomBytes(6).toString("hex")}.partial`;
      let size = 0;
      body.on("data", (chunk: Buffer) => {
        size += chunk.length;
      });
      try {
        await pipeline(body, createWriteStream(partial));
        // Renamed only when complete, so a crash never leaves a half file under the real key.
        await fs.rename(partial, target);
      } catch (err) {
        await fs.rm(partial, { force: true });
        throw err;
      }
      return size;
    },
    async get(key) {
      const target = resolve(key);
      try {
        await fs.access(target);
      } catch {
        return null;
      }
      return createReadStream(target);
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async deleteFolder(prefix) {
      await fs.rm(resolve(prefix), { recursive: true, force: true });
    },
  };
}
