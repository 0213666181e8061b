import type { Readable } from "node:stream";
import yazl from "yazl";

/** One file of the archive, opened only when the archive reaches it, so a large export holds one file open at once. */
export interface ArchiveEntry {
  path: string;
  open: () => Promise<Readable>;
}

/**
 * Writes a zip of `entries` and a `manifest.json` through `put` (which stores the stream and answers its size).
 * Entries are deflated; sizes past 4 GB are written as ZIP64.
 */
export async function writeArchive(
  entries: ArchiveEntry[],
  manifest: object,
  put: (body: Readable) => Promise<number>,
): Promise<number> {
  const zip = new yazl.ZipFile();
  // A part that cannot be read fails the archive: its stream ends in error, so `put` rejects and keeps nothing.
  const output = zip.outputStream as unknown as Readable;
  // `put` may attach to the stream only after an await of its own (the disk store makes its folder first): an error
  // before then is kept by the destroyed stream, which its pipeline then rejects with, rather than thrown unheard.
  output.on("error", () => {});
  zip.on("error", (err: Error) => output.destroy(err));
  for (const entry of entries) {
    zip.addReadStreamLazy(entry.path, { compress: true }, (done) => {
      entry.open().then(
        (stream) => {
          // The zip does not watch its inputs for errors: a part that fails mid-way fails the whole archive.
          stream.on("error", (err: Error) => output.destroy(err));
          done(null, stream);
        },
        (err: Error) => done(err, undefined as never),
      );
    });
  }
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), "manifest.json", { compress: true });
  zip.end();
  return put(output);
}
