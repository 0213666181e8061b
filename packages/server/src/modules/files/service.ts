import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  CLIENT_MESSAGE_ID_MAX,
  CLIENT_MESSAGE_ID_PATTERN,
  DAY_MS,
  Errors,
  FILE_MAX_BYTES,
  FILE_NAME_MAX,
  type TMessage,
} from "@parley/contract";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { FileStorage } from "../../integrations/storage";
import { safeFileName, type Upload } from "../../integrations/storage";
import type { Actor } from "../channels";
import type { MessageService } from "../messages";
import { files } from "./schema";

const MIME_TYPE = /^[\w.+-]{1,50}\/[\w.+-]{1,49}$/;

/** File messages: the upload is stored first, then sent through the normal message pipeline. */
export function createFileService(
  ctx: Context,
  deps: { storage: FileStorage; messages: MessageService; retentionDays: number },
) {
  const { db } = ctx.database;

  return {
    /**
     * Stores the upload and sends it as a file message, with the optional `caption` field as its text and the
     * optional `clientMessageId` field as its idempotency key: a file sent again under the key of one already
     * stored answers that message, and the second copy of the bytes is dropped.
     */
    async sendFile(actor: Actor, channelId: string, upload: Upload): Promise<TMessage> {
      const clientMessageId = upload.fields.clientMessageId;
      if (
        clientMessageId !== undefined &&
        (clientMessageId.length > CLIENT_MESSAGE_ID_MAX || !CLIENT_MESSAGE_ID_PATTERN.test(clientMessageId))
      ) {
        throw new AppError(Errors.INVALID_REQUEST, {
          fields: [{ path: "clientMessageId", message: "1 to 64 letters, digits, '.', '_', ':' or '-'" }],
        });
      }
      const id = randomUUID();
      const storageKey = `${actor.app.id}/${id}`;
      const size = await deps.storage.put(storageKey, upload.stream);
      // Busboy stops reading at the limit and marks the stream truncated: the stored file is incomplete.
      if (upload.truncated || size > FILE_MAX_BYTES) {
        await deps.storage.delete(storageKey);
        throw new AppError(Errors.FILE_TOO_LARGE);
      }
      // Shortened to what the download route takes, so every stored file can be downloaded by its URL.
      const name = safeFileName(upload.fileName, FILE_NAME_MAX);
      // The part's header is the client's word: anything but a plain type/subtype (a NUL, a parameter) is unknown.
      const mimeType = MIME_TYPE.test(upload.mimeType) ? upload.mimeType.toLowerCase() : "application/octet-stream";
      const url = `${ctx.config.publicUrl}/files/${id}/${encodeURIComponent(name)}`;
      await db.insert(files).values({
        id,
        appId: actor.app.id,
        channelId,
        name,
        size,
        mimeType,
        storageKey,
        createdAt: ctx.clock.now(),
      });
      const discardUpload = async () => {
        await db.delete(files).where(eq(files.id, id));
        await deps.storage.delete(storageKey);
      };
      let message: TMessage;
      try {
        message = await deps.messages.send(
          actor,
          channelId,
          { text: upload.fields.caption ?? "", file: { url, name, size, mimeType }, clientMessageId },
          "file",
        );
      } catch (err) {
        // A refused message (not a member, muted...) must not leave its upload behind.
        await discardUpload();
        throw err;
      }
      // The key named a message sent before: it keeps its own file, and this copy belongs to nothing.
      if (message.file?.url !== url) await discardUpload();
      return message;
    },

    /**
     * Stores a file an import copied from the source, for the imported message `fileId` names: the same ID always
     * stores to the same place, so a page of an import copied again replaces its files rather than adding copies.
     * Answers the message's file as Parley serves it.
     */
    async storeImported(
      appId: string,
      channelId: string,
      fileId: string,
      file: { bytes: Buffer; name: string; mimeType: string },
    ): Promise<{ url: string; name: string; size: number; mimeType: string }> {
      const storageKey = `${appId}/${fileId}`;
      const size = await deps.storage.put(storageKey, Readable.from([file.bytes]));
      const name = safeFileName(file.name, FILE_NAME_MAX);
      const mimeType = MIME_TYPE.test(file.mimeType) ? file.mimeType.toLowerCase() : "application/octet-stream";
      await db
        .insert(files)
        .values({ id: fileId, appId, channelId, name, size, mimeType, storageKey, createdAt: ctx.clock.now() })
        .onConflictDoNothing();
      return { url: `${ctx.config.publicUrl}/files/${fileId}/${encodeURIComponent(name)}`, name, size, mimeType };
    },

    async open(fileId: string): Promise<{ stream: Readable; name: string; mimeType: string; size: number }> {
      const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
      const stream = row ? await deps.storage.get(row.storageKey) : null;
      if (!row || !stream) throw new AppError(Errors.FILE_NOT_FOUND);
      return { stream, name: row.name, mimeType: row.mimeType, size: row.size };
    },

    /**
     * Removes files of an app for good: the index rows first, so no download finds a file half gone, then the bytes.
     * Answers how many were removed.
     */
    async removeFiles(appId: string, fileIds: string[]): Promise<number> {
      if (fileIds.length === 0) return 0;
      const removed = await db
        .delete(files)
        .where(and(eq(files.appId, appId), inArray(files.id, fileIds)))
        .returning({ storageKey: files.storageKey });
      for (const row of removed) await deps.storage.delete(row.storageKey);
      return removed.length;
    },

    /** The daily clean-up: files older than the retention period are removed from storage and from the index. */
    async expireOldFiles(): Promise<number> {
      const cutoff = new Date(ctx.clock.now().getTime() - deps.retentionDays * DAY_MS);
      const old = await db.select().from(files).where(lt(files.createdAt, cutoff)).limit(1000);
      for (const row of old) {
        await deps.storage.delete(row.storageKey);
        await db.delete(files).where(and(eq(files.id, row.id)));
      }
      return old.length;
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
