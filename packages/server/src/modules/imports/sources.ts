import { Errors, IMPORT_UNZIPPED_MAX_BYTES, IMPORT_ZIP_FILES_MAX, type TImportSource } from "@parley/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../errors";
import type { OutboundGuard } from "../../integrations/outbound";
import type { FileStorage } from "../../integrations/storage";
import type { AnalysisInput } from "./analysis-protocol";
import type { ParsedImport } from "./model";
import { parseParleyExport } from "./parley-export";
import type { DataImportRow } from "./schema";
import { type ImportFile, parseSendbirdExport } from "./sendbird";
import { parseStreamJsonl } from "./stream";
import { pullTalkPlus } from "./talkplus";
import { unzipImportFiles } from "./zip";

/** A zip archive starts with a local file header's signature. */
const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50;

/** The text of an uploaded file, which must be UTF-8: a file that is not is refused whole (3172). */
function utf8(bytes: Buffer, name: string): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(Errors.IMPORT_FILE_INVALID, { reason: `${name} is not UTF-8 text` });
  }
}

/** The JSON files of an upload: the files of a zip, or the one file uploaded. */
async function filesOf(bytes: Buffer, name: string): Promise<ImportFile[]> {
  if (!isZip(bytes)) return [{ name, text: utf8(bytes, name) }];
  try {
    return await unzipImportFiles(bytes, { maxFiles: IMPORT_ZIP_FILES_MAX, maxTotalBytes: IMPORT_UNZIPPED_MAX_BYTES });
  } catch (err) {
    throw new AppError(Errors.IMPORT_FILE_INVALID, { reason: err instanceof Error ? err.message : String(err) });
  }
}

/** Reads an uploaded file of `source` into the import model; what cannot be read at all answers 3172. */
export async function readUpload(source: Exclude<TImportSource, "talkplus">, bytes: Buffer, name: string) {
  let parsed: ParsedImport;
  switch (source) {
    case "stream":
      if (isZip(bytes))
        throw new AppError(Errors.IMPORT_FILE_INVALID, { reason: "Stream's import is a JSONL file, not a zip" });
      parsed = parseStreamJsonl(utf8(bytes, name), name);
      break;
    case "sendbird":
      parsed = parseSendbirdExport(await filesOf(bytes, name));
      break;
    case "parley":
      parsed = parseParleyExport(await filesOf(bytes, name));
      break;
  }
  return parsed;
}

/** The most an answer of TalkPlus's API may be: a page of messages is far smaller. */
const TALKPLUS_ANSWER_MAX_BYTES = 16_000_000;

/**
 * Pulls a TalkPlus app through its REST API, every call through the outbound guard: the base URL is the customer's,
 * so it must not reach the server's own network. Refused credentials or an unreachable host answer 3173.
 */
export async function readTalkPlus(
  guard: OutboundGuard,
  credentials: { baseUrl: string; appId: string; apiKey: string },
): Promise<ParsedImport> {
  try {
    return await pullTalkPlus(credentials, async (url, headers) => {
      const answer = await guard.request({
        url,
        method: "GET",
        headers,
        timeoutMs: 30_000,
        maxBodyBytes: TALKPLUS_ANSWER_MAX_BYTES,
        keepAlive: true,
      });
      return { status: answer.status, body: answer.body };
    });
  } catch (err) {
    throw new AppError(Errors.IMPORT_SOURCE_REFUSED, { reason: err instanceof Error ? err.message : String(err) });
  }
}

/** Where an import's uploaded file is kept until its analysis has read it. */
export const sourceKey = (id: string) => `imports/${id}/source`;

/**
 * An import's source as its analysis takes it: the uploaded file's bytes, read into one buffer of their own, or
 * TalkPlus's records pulled with its credentials.
 */
export async function readSource(
  row: Pick<DataImportRow, "id" | "source" | "origin" | "credentials">,
  storage: FileStorage,
  guard: OutboundGuard,
): Promise<AnalysisInput> {
  if (row.source === "talkplus") {
    if (!row.credentials) throw new AppError(Errors.IMPORT_SOURCE_REFUSED, { reason: "the credentials are gone" });
    return { parsed: await readTalkPlus(guard, row.credentials) };
  }
  const stream = await storage.get(sourceKey(row.id));
  if (!stream) throw new AppError(Errors.IMPORT_FILE_INVALID, { reason: "the uploaded file is gone" });
  const chunks = (await stream.toArray()) as Buffer[];
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks.splice(0)) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return { source: row.source, bytes, name: row.origin };
}

/**
 * The user and channel IDs of an import that the app already has. The IDs go as one array parameter each: an import
 * can name more users than a statement takes parameters.
 */
export async function existingIds(database: Database, appId: string, userIds: string[], channelIds: string[]) {
  const users = await database.query<{ user_id: string }>(
    "select user_id from chat_users where app_id = $1 and user_id = any($2)",
    [appId, userIds],
  );
  const channels = await database.query<{ id: string }>(
    "select id from channels where app_id = $1 and id = any($2::uuid[])",
    [appId, channelIds],
  );
  return { userIds: new Set(users.map((u) => u.user_id)), channelIds: new Set(channels.map((c) => c.id)) };
}
