import { FILE_MAX_BYTES, type TImportFileFailure } from "@parley/contract";
import type { Context } from "../../context";
import { OutboundError, type OutboundResponse } from "../../integrations/outbound";
import type { FileService } from "../files";
import type { ImportedFileRow } from "../messages";
import { uuidV5 } from "./ids";
import type { PlannedFile } from "./plan";

/** Files copied at once, and how long one may take. */
const FILE_COPY_LANES = 4;
const FILE_COPY_TIMEOUT_MS = 30_000;

/**
 * Copies a page of files through the outbound guard (the URLs are the source's, so they must not reach the server's
 * own network) into storage, a few at a time. A file that cannot be copied is listed, and its message keeps the
 * source's URL.
 */
export async function copyFiles(ctx: Context, files: FileService, appId: string, planned: PlannedFile[]) {
  const copied: ImportedFileRow[] = [];
  const failures: TImportFileFailure[] = [];
  const copyOne = async (file: PlannedFile) => {
    const fail = (reason: string) => failures.push({ url: file.url, name: file.name, reason });
    let answer: OutboundResponse;
    try {
      answer = await ctx.outbound.request({
        url: file.url,
        method: "GET",
        timeoutMs: FILE_COPY_TIMEOUT_MS,
        maxBodyBytes: FILE_MAX_BYTES + 1,
      });
    } catch (err) {
      return fail(err instanceof OutboundError ? err.reason : "the request failed");
    }
    if (answer.status !== 200) return fail(`HTTP ${answer.status}`);
    if (answer.bytes.length > FILE_MAX_BYTES) return fail(`larger than ${FILE_MAX_BYTES / 1024 / 1024} MB`);
    const declared = Number(answer.headers["content-length"] ?? Number.NaN);
    if (Number.isFinite(declared) && declared !== answer.bytes.length) return fail("the answer was cut short");
    const fileId = uuidV5(appId, `file:${file.message_id}`);
    copied.push({
      message_id: file.message_id,
      file: await files.storeImported(appId, file.channel_id, fileId, {
        bytes: answer.bytes,
        name: file.name,
        mimeType: file.mime_type,
      }),
    });
  };
  let next = 0;
  const lane = async () => {
    while (next < planned.length) {
      const file = planned[next++];
      if (file) await copyOne(file);
    }
  };
  await Promise.all(Array.from({ length: FILE_COPY_LANES }, lane));
  return { copied, failures };
}
