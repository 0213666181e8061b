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
      const partial = `${target}.partial`;
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
  };
}
