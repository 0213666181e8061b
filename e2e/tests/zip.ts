import zlib from "node:zlib";

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;
const DEFLATED = 8;

/**
 * The files of a zip archive by name, read through its central directory: enough for a test to see what an archive
 * holds without a zip library or an `unzip` on the machine. Stored and deflated entries; no ZIP64, which only an
 * archive past 4 GB needs. The sizes come from the central directory, as a streamed entry's local header has none.
 */
export function readZip(archive: Buffer): Map<string, Buffer> {
  let end = archive.length - 22;
  while (end >= 0 && archive.readUInt32LE(end) !== END_OF_CENTRAL_DIRECTORY) end--;
  if (end < 0) throw new Error("not a zip archive: it has no end of central directory");
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    if (archive.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY) throw new Error(`no central directory entry at ${at}`);
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localAt = archive.readUInt32LE(at + 42);
    const name = archive.toString("utf8", at + 46, at + 46 + nameLength);
    if (archive.readUInt32LE(localAt) !== LOCAL_FILE_HEADER) throw new Error(`no local header for ${name}`);
    const dataAt = localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
    const data = archive.subarray(dataAt, dataAt + compressedSize);
    files.set(name, method === DEFLATED ? zlib.inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
