/**
 * The JSON files of an uploaded zip (a Sendbird or Parley export), read with limits, since the archive is the
 * customer's: a few kilobytes can inflate to gigabytes (a zip bomb), and names can point outside any folder.
 */
import yauzl from "yauzl";
import type { ImportFile } from "./sendbird";

/** What the parsers read; the rest of an archive (a Parley export's file bytes, a readme) is skipped unread. */
const READ_NAMES = /\.(json|ndjson|jsonl)$/i;
/** What macOS's archiver adds beside each file: `._` resource forks, which end in `.json` too but are not JSON. */
const JUNK_NAMES = /(^|\/)(__MACOSX\/|\._)/;

export interface UnzipLimits {
  /** Entries in the archive, directories and skipped files included. */
  maxFiles: number;
  /** Bytes of all entries once inflated. */
  maxTotalBytes: number;
}

/**
 * The archive's JSON, NDJSON and JSON Lines files by their path in it. Throws an Error saying why for an archive
 * that is not a zip, has more entries than `maxFiles`, would inflate past `maxTotalBytes` (by the sizes it declares,
 * and by what actually inflates, since a forged size is the zip bomb's trick), or names an entry with an absolute
 * path, a `..` segment or a backslash.
 */
export async function unzipImportFiles(archive: Buffer, limits: UnzipLimits): Promise<ImportFile[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    // strictFileNames: a backslash is refused rather than read as a folder separator, which would hide a `..\`.
    yauzl.fromBuffer(archive, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, file) =>
      err ? reject(new Error(`the file is not a readable zip: ${err.message}`)) : resolve(file),
    ),
  );
  try {
    if (zip.entryCount > limits.maxFiles) {
      throw new Error(`the zip has ${zip.entryCount} entries, more than the ${limits.maxFiles} an import reads`);
    }
    return await readEntries(zip, limits);
  } finally {
    zip.close();
  }
}

/** yauzl's words for the names it refuses (`validateFileName`), told apart from a damaged archive. */
const UNSAFE_NAME_ERROR = /^(invalid characters in fileName|absolute path|invalid relative path):/;

function readEntries(zip: yauzl.ZipFile, limits: UnzipLimits): Promise<ImportFile[]> {
  const tooLarge = `the zip inflates to more than ${limits.maxTotalBytes} bytes`;
  return new Promise((resolve, reject) => {
    const files: ImportFile[] = [];
    let declared = 0;
    let inflated = 0;
    let isSettled = false;
    const fail = (message: string) => {
      if (isSettled) return;
      isSettled = true;
      reject(new Error(message));
    };
    zip.on("error", (err: Error) =>
      fail(
        UNSAFE_NAME_ERROR.test(err.message)
          ? `the zip names a file outside its folder: ${err.message}`
          : `the zip could not be read: ${err.message}`,
      ),
    );
    zip.on("end", () => {
      if (isSettled) return;
      isSettled = true;
      resolve(files);
    });
    zip.on("entry", (entry: yauzl.Entry) => {
      if (isSettled) return;
      const name = entry.fileName;
      // A NUL or control character in a name shows as something else in a report, or cuts the name short.
      if (/\p{Cc}/u.test(name)) return fail(`the zip names a file with control characters: ${JSON.stringify(name)}`);
      if (name.endsWith("/")) return zip.readEntry();
      declared += entry.uncompressedSize;
      if (declared > limits.maxTotalBytes) return fail(tooLarge);
      if (!READ_NAMES.test(name) || JUNK_NAMES.test(name)) return zip.readEntry();
      zip.openReadStream(entry, (err, stream) => {
        if (err) return fail(`the zip could not be read: ${err.message}`);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => {
          inflated += chunk.length;
          if (inflated > limits.maxTotalBytes) {
            stream.destroy();
            fail(tooLarge);
            return;
          }
          chunks.push(chunk);
        });
        stream.on("error", (streamErr: Error) => fail(`the zip could not be read: ${streamErr.message}`));
        stream.on("end", () => {
          files.push({ name, text: Buffer.concat(chunks).toString("utf8") });
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
