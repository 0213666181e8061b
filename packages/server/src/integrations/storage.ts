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
