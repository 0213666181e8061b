/** A `multipart/form-data` body as a browser's FormData sends it: text fields and file parts, in the order given. */
export function multipart(parts: { name: string; value: Buffer | string; filename?: string; type?: string }[]): {
  payload: Buffer;
  contentType: string;
} {
  const boundary = `----parley${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ""}`;
    const headers = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ""}\r\n`;
    chunks.push(
      Buffer.from(headers),
      Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
