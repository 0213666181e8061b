import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import yazl from "yazl";
import { writeArchive } from "../exports/archive";
import { parseParleyExport } from "./parley-export";
import { unzipImportFiles } from "./zip";

const LIMITS = { maxFiles: 100, maxTotalBytes: 1_000_000 };

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A zip of the given files (and empty folders), deflated, written by yazl. */
async function zipOf(files: [string, string | Buffer][], folders: string[] = []): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const folder of folders) zip.addEmptyDirectory(folder);
  for (const [name, content] of files) zip.addBuffer(Buffer.from(content), name, { compress: true });
  zip.end();
  return collect(zip.outputStream as unknown as Readable);
}

/** The archive with every occurrence of one name's bytes replaced by another of the same length. */
function renamed(archive: Buffer, from: string, to: string): Buffer {
  const copy = Buffer.from(archive);
  const target = Buffer.from(from);
  for (let at = copy.indexOf(target); at !== -1; at = copy.indexOf(target, at + 1)) copy.write(to, at, "latin1");
  return copy;
}

/** The archive with each central directory record declaring `size` uncompressed bytes (what a zip bomb forges). */
function declaringSize(archive: Buffer, size: number): Buffer {
  const copy = Buffer.from(archive);
  const central = Buffer.from([0x50, 0x4b, 0x01, 0x02]);
  for (let at = copy.indexOf(central); at !== -1; at = copy.indexOf(central, at + 1)) copy.writeUInt32LE(size, at + 24);
  return copy;
}

describe("unzipImportFiles", () => {
  it("returns the JSON, NDJSON and JSON Lines files by path, skipping folders, other files and macOS's forks", async () => {
    const archive = await zipOf(
      [
        ["users.json", '{"active_users":[]}'],
        ["export/messages.ndjson", '{"id":1}\n{"id":2}\n'],
        ["stream.JSONL", '{"type":"user","item":{"id":"a"}}\n'],
        ["files/1/spec.pdf", Buffer.alloc(64, 1)],
        ["README.txt", "hello"],
        ["__MACOSX/export/._messages.ndjson", Buffer.alloc(16, 0)],
      ],
      ["export/"],
    );
    expect(await unzipImportFiles(archive, LIMITS)).toEqual([
      { name: "users.json", text: '{"active_users":[]}' },
      { name: "export/messages.ndjson", text: '{"id":1}\n{"id":2}\n' },
      { name: "stream.JSONL", text: '{"type":"user","item":{"id":"a"}}\n' },
    ]);
  });

  it("reads back an archive as Parley's export writes it", async () => {
    const fixture = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../test/fixtures/imports/parley");
    const sections = ["users.ndjson", "channels.ndjson", "members.ndjson", "messages.ndjson", "files.ndjson"];
    const manifest = JSON.parse(fs.readFileSync(path.join(fixture, "manifest.json"), "utf8")) as object;
    let archive: Buffer = Buffer.alloc(0);
    await writeArchive(
      sections.map((name) => ({ path: name, open: async () => fs.createReadStream(path.join(fixture, name)) })),
      manifest,
      async (body) => {
        archive = await collect(body);
        return archive.length;
      },
    );
    const files = await unzipImportFiles(archive, LIMITS);
    expect(files.map((file) => file.name)).toEqual([...sections, "manifest.json"]);
    const direct = [...sections, "manifest.json"].map((name) => ({
      name,
      text: fs.readFileSync(path.join(fixture, name), "utf8"),
    }));
    expect(parseParleyExport(files)).toEqual(parseParleyExport(direct));
  });

  it("refuses more entries than maxFiles, folders included", async () => {
    const archive = await zipOf(
      [
        ["a.json", "{}"],
        ["b.json", "{}"],
      ],
      ["docs/"],
    );
    await expect(unzipImportFiles(archive, { ...LIMITS, maxFiles: 2 })).rejects.toThrow(
      "the zip has 3 entries, more than the 2 an import reads",
    );
  });

  it("refuses an archive whose entries declare more than maxTotalBytes", async () => {
    const archive = await zipOf([
      ["users.json", "x".repeat(600)],
      ["notes.txt", "y".repeat(600)],
    ]);
    await expect(unzipImportFiles(archive, { ...LIMITS, maxTotalBytes: 1000 })).rejects.toThrow(
      "the zip inflates to more than 1000 bytes",
    );
  });

  it("refuses an entry that inflates past the size it declares", async () => {
    const bomb = declaringSize(await zipOf([["users.json", Buffer.alloc(2_000_000, 0x20)]]), 100);
    expect(bomb.length).toBeLessThan(10_000);
    await expect(unzipImportFiles(bomb, LIMITS)).rejects.toThrow(/inflates to more than|too many bytes/);
  });

  it("refuses entries named outside the archive's folder", async () => {
    const archive = await zipOf([["xx/users.json", "{}"]]);
    await expect(unzipImportFiles(renamed(archive, "xx/users.json", "../users.json"), LIMITS)).rejects.toThrow(
      "the zip names a file outside its folder: invalid relative path: ../users.json",
    );
    await expect(unzipImportFiles(renamed(archive, "xx/users.json", "/x/users.json"), LIMITS)).rejects.toThrow(
      /outside its folder: absolute path/,
    );
    await expect(unzipImportFiles(renamed(archive, "xx/users.json", "x\\/users.json"), LIMITS)).rejects.toThrow(
      /outside its folder: invalid characters/,
    );
  });

  it("refuses what is not a zip", async () => {
    await expect(unzipImportFiles(Buffer.from("not a zip at all"), LIMITS)).rejects.toThrow(/not a readable zip/);
  });
});
