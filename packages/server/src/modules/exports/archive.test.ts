import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readZip } from "../../../test/zip";
import { createDiskStorage, type FileStorage } from "../../integrations/storage";
import { writeArchive } from "./archive";

let root: string;
let storage: FileStorage;
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "parley-archive-"));
  storage = createDiskStorage(root);
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe("writeArchive", () => {
  it("writes each entry and the manifest into a zip an unzip library reads back", async () => {
    const size = await writeArchive(
      [
        { path: "users.ndjson", open: async () => Readable.from(['{"userId":"kim"}\n', '{"userId":"lee"}\n']) },
        { path: "files/1/사진.png", open: async () => Readable.from([Buffer.from([0, 1, 2, 255])]) },
      ],
      { version: 1 },
      (body) => storage.put("exports/a/archive", body),
    );
    const bytes = await fs.readFile(path.join(root, "exports/a/archive"));
    expect(bytes.length).toBe(size);
    const zip = await readZip(bytes);
    expect(zip.get("users.ndjson")?.toString()).toBe('{"userId":"kim"}\n{"userId":"lee"}\n');
    expect(zip.get("files/1/사진.png")).toEqual(Buffer.from([0, 1, 2, 255]));
    expect(JSON.parse(zip.get("manifest.json")?.toString() ?? "")).toEqual({ version: 1 });
  });

  it("fails the archive, not the process, and keeps nothing when an entry cannot be read before the store attaches", async () => {
    const failing = {
      path: "messages.ndjson",
      open: async () =>
        Readable.from(
          (async function* () {
            if (!(await storage.get("exports/a/messages-000000"))) throw new Error("part messages-0 is missing");
            yield "";
          })(),
        ),
    };
    await expect(writeArchive([failing], {}, (body) => storage.put("exports/a/archive", body))).rejects.toThrow(
      "part messages-0 is missing",
    );
    expect(await fs.readdir(path.join(root, "exports/a"))).toEqual([]);
  });
});
