import { PassThrough, type Readable } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import { AppError } from "../errors";
import { RequestValidationError, unstorableText } from "./validation";

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

/**
 * Receives the one file part of a `multipart/form-data` request. This is the one place an upload's malformed or
 * truncated body becomes a 300, as any other malformed input does, rather than a 500: busboy reports such a body as
 * an error of the part's stream, whoever is reading it, so the stream handed on is a copy that fails with 300 then.
 * A failure of the reader's own (the disk, the database) is left as it is. Text fields bypass the validator
 * compiler, so they get its storable-text check here.
 */
export async function receiveUpload(request: FastifyRequest, maxBytes: number): Promise<Upload> {
  if (!request.isMultipart()) throw new AppError("300");
  let part: MultipartFile | undefined;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (err) {
    // The plugin's own refusals (limits, a non-multipart body) carry their 4xx status; the rest is the body's fault.
    if (err instanceof AppError || isClientError(err)) throw err;
    throw new AppError("300");
  }
  if (!part) throw new AppError("301");
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
    if (!source.readableEnded) stream.destroy(new AppError("300"));
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
