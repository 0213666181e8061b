import { PassThrough } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import { Errors } from "@parley/contract";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import type { Upload } from "../integrations/storage";
import { RequestValidationError, unstorableText } from "./validation";

/**
 * Receives the one file part of a `multipart/form-data` request. This is the one place an upload's malformed or
 * truncated body becomes a 300, as any other malformed input does, rather than a 500: busboy reports such a body as
 * an error of the part's stream, whoever is reading it, so the stream handed on is a copy that fails with 300 then.
 * A failure of the reader's own (the disk, the database) is left as it is. Text fields bypass the validator
 * compiler, so they get its storable-text check here.
 */
export async function receiveUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError(Errors.INVALID_REQUEST);
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (err) {
    // The plugin's own refusals (limits, a non-multipart body) carry their 4xx status; the rest is the body's fault.
    if (err instanceof AppError || isClientError(err)) throw err;
    throw new AppError(Errors.INVALID_REQUEST);
  }
  if (!part) throw new AppError(Errors.MISSING_PARAMETER);
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    if (field && !Array.isArray(field) && field.type === "field") fields[name] = String(field.value);
  }
  const unstorable = unstorableText(fields);
  if (unstorable) throw new RequestValidationError([unstorable]);

  const source = part.file;
  const stream = new PassThrough();
  // The reader meets the error through its own pipeline; this keeps one raised before it starts from being uncaught.
  stream.on("error", () => {});
  // Closed before its end: the body broke off or could not be parsed (busboy destroys the part, with or without an
  // error). Checked once now too, since that may have happened before this listener was attached.
  const brokeOff = () => {
    if (!source.readableEnded) stream.destroy(new AppError(Errors.INVALID_REQUEST));
  };
  if (source.destroyed) brokeOff();
  else {
    source.once("close", brokeOff);
    source.pipe(stream);
  }
  // A reader that gives up (a full disk) stops the part, so the plugin can finish the request.
  stream.once("close", () => {
    if (!stream.readableEnded && !source.destroyed) source.destroy();
  });
  return {
    stream,
    get truncated() {
      return source.truncated;
    },
    fileName: part.filename,
    mimeType: part.mimetype,
    fields,
  };
}

/** The whole file of an upload in memory, for the small ones (images, recipient lists). */
export async function uploadBytes(upload: Upload): Promise<Buffer> {
  return Buffer.concat((await upload.stream.toArray()) as Buffer[]);
}

function isClientError(err: unknown): boolean {
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 500;
}
