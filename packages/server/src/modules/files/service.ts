import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import {
  CLIENT_MESSAGE_ID_MAX,
  CLIENT_MESSAGE_ID_PATTERN,
  DAY_MS,
  Errors,
  FILE_MAX_BYTES,
  FILE_NAME_MAX,
  MEDIA_INLINE_MAX_BYTES,
  type TFileInfo,
  type TMessage,
  type TVoiceFields,
  VOICE_DURATION_MAX_MS,
  zVoiceFields,
} from "@parley/contract";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { FileStorage } from "../../integrations/storage";
import { safeFileName, type Upload } from "../../integrations/storage";
import { processMediaJob } from "../../jobs/catalog";
import type { Actor, ChannelService } from "../channels";
import { blockersInChannel } from "../chat-users";
import { attachFileMedia, type MessageService, toMessages } from "../messages";
import { sniffAudio } from "./audio";
import {
  classify,
  type ImageHeader,
  type ImageType,
  type MediaKind,
  readImageHeader,
  SNIFF_BYTES,
  type VideoType,
} from "./media";
import {
  derivedKeys,
  fileInfoOf,
  type MediaColumns,
  NO_MEDIA,
  POSTER_NAME,
  possibleDerivedKeys,
  processStored,
  readAll,
  readHead,
  thumbnailName,
} from "./processing";
import { files } from "./schema";

const MIME_TYPE = /^[\w.+-]{1,50}\/[\w.+-]{1,49}$/;

/**
 * The voice fields of an upload, or undefined for a file that is not a voice message (no `voice` field, or
 * `voice=false`). Malformed fields answer 300 naming them; a recorder's length over the limit 3256, before any byte
 * is stored.
 */
function voiceFieldsOf(fields: Record<string, string>): TVoiceFields | undefined {
  if (fields.voice === undefined || fields.voice === "false") return undefined;
  const parsed = zVoiceFields.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(Errors.INVALID_REQUEST, {
      fields: parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    });
  }
  if ((parsed.data.durationMs ?? 0) > VOICE_DURATION_MAX_MS) throw new AppError(Errors.VOICE_TOO_LONG);
  return parsed.data;
}

/** File messages: the upload is stored first, then sent through the normal message pipeline. */
export function createFileService(
  ctx: Context,
  deps: { storage: FileStorage; messages: MessageService; channels: ChannelService; retentionDays: number },
) {
  const { db } = ctx.database;

  const storedStream = async (key: string) => {
    const stream = await deps.storage.get(key);
    if (!stream) throw new Error(`stored file ${key} is gone`);
    return stream;
  };

  /**
   * Tells what the stored upload is from its bytes and reads an image's or video's media: within the request for a
   * small one, marked pending for the background job for a large one (an image's header, and so its width and
   * height, is read here either way, and a decompression bomb refused before anything decodes it).
   */
  async function readUpload(
    storageKey: string,
    name: string,
    declared: string,
    size: number,
    voice: TVoiceFields | undefined,
  ): Promise<{ kind: MediaKind; media: MediaColumns; size: number }> {
    const head = await readHead(await storedStream(storageKey));
    if (voice) {
      // A voice message is read within the request whatever its size (ten minutes decode in well under a second),
      // so its sender hears at once when it is not audio or too long.
      const type = sniffAudio(head);
      if (!type) throw new AppError(Errors.VOICE_NOT_AUDIO);
      const kind: MediaKind = { kind: "voice", type };
      const done = await processStored(ctx, deps.storage, storageKey, kind, { voice });
      return { kind, media: done.columns, size };
    }
    const kind = classify(head, name, declared);
    if (kind.kind === "other") return { kind, media: NO_MEDIA, size };
    let header: ImageHeader | undefined;
    if (kind.kind === "image") header = await readImageHeader(await readAll(await storedStream(storageKey)));
    if (size > MEDIA_INLINE_MAX_BYTES) {
      const pending: MediaColumns = {
        ...NO_MEDIA,
        width: header?.width ?? null,
        height: header?.height ?? null,
        thumbnails: [],
        mediaState: "pending",
      };
      return { kind, media: pending, size };
    }
    const done = await processStored(ctx, deps.storage, storageKey, kind, { header });
    return { kind, media: done.columns, size: done.size ?? size };
  }

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
      const voice = voiceFieldsOf(upload.fields);
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
      const declared = MIME_TYPE.test(upload.mimeType) ? upload.mimeType.toLowerCase() : "application/octet-stream";
      const deleteStored = async () => {
        for (const key of [storageKey, ...possibleDerivedKeys(storageKey)]) await deps.storage.delete(key);
      };
      let read: Awaited<ReturnType<typeof readUpload>>;
      try {
        read = await readUpload(storageKey, name, declared, size, voice);
      } catch (err) {
        // A file refused for what it is (or one that broke the reader) leaves nothing behind.
        await deleteStored();
        throw err;
      }
      // An image or video is served as what its bytes are, never as the type the client claimed.
      const mimeType = read.kind.kind === "other" ? declared : read.kind.type;
      const row = { id, name, size: read.size, mimeType, ...read.media };
      const file = fileInfoOf(ctx.config.publicUrl, row);
      await db.insert(files).values({
        ...row,
        appId: actor.app.id,
        channelId,
        storageKey,
        createdAt: ctx.clock.now(),
      });
      const discardUpload = async () => {
        await db.delete(files).where(eq(files.id, id));
        await deleteStored();
      };
      let message: TMessage;
      try {
        message = await deps.messages.send(
          actor,
          channelId,
          { text: upload.fields.caption ?? "", file, clientMessageId },
          "file",
        );
      } catch (err) {
        // A refused message (not a member, muted...) must not leave its upload behind.
        await discardUpload();
        throw err;
      }
      // The key named a message sent before: it keeps its own file, and this copy belongs to nothing.
      if (message.file?.url !== file.url) await discardUpload();
      else if (read.media.mediaState === "pending") {
        await ctx.jobs.send(processMediaJob, { fileId: id, appId: actor.app.id, channelId, messageId: message.id });
      }
      return message;
    },

    /**
     * Stores a file an import copied from the source, for the imported message `fileId` names: the same ID always
     * stores to the same place, so a page of an import copied again replaces its files rather than adding copies.
     * An image or video is read as an upload's is (dimensions, thumbnails, EXIF removed; in the import's job, so
     * whatever its size), and one an upload would refuse (a lying type, a bomb) is kept as the plain file the source
     * had, since refusing it would lose the message's file. Answers the message's file as Parley serves it.
     */
    async storeImported(
      appId: string,
      channelId: string,
      fileId: string,
      file: { bytes: Buffer; name: string; mimeType: string },
    ): Promise<TFileInfo> {
      const storageKey = `${appId}/${fileId}`;
      let size = await deps.storage.put(storageKey, Readable.from([file.bytes]));
      const name = safeFileName(file.name, FILE_NAME_MAX);
      let mimeType = MIME_TYPE.test(file.mimeType) ? file.mimeType.toLowerCase() : "application/octet-stream";
      let media: MediaColumns = NO_MEDIA;
      try {
        const kind = classify(file.bytes.subarray(0, SNIFF_BYTES), name, mimeType);
        if (kind.kind !== "other") {
          const done = await processStored(ctx, deps.storage, storageKey, kind, {});
          media = done.columns;
          size = done.size ?? size;
          mimeType = kind.type;
        }
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        for (const key of possibleDerivedKeys(storageKey)) await deps.storage.delete(key);
      }
      const row = { id: fileId, name, size, mimeType, ...media };
      await db
        .insert(files)
        .values({ ...row, appId, channelId, storageKey, createdAt: ctx.clock.now() })
        .onConflictDoNothing();
      return fileInfoOf(ctx.config.publicUrl, row);
    },

    async open(fileId: string): Promise<{ stream: Readable; name: string; mimeType: string; size: number }> {
      const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
      // A large image's original may still hold its EXIF (a GPS position) until the job strips it: not served yet.
      if (row?.mediaState === "pending" && row.mimeType.startsWith("image/")) throw new AppError(Errors.FILE_NOT_READY);
      const stream = row ? await deps.storage.get(row.storageKey) : null;
      if (!row || !stream) throw new AppError(Errors.FILE_NOT_FOUND);
      return { stream, name: row.name, mimeType: row.mimeType, size: row.size };
    },

    /** A thumbnail or a video's poster by its name in the URL (`240.webp`, `poster.jpg`). */
    async openThumbnail(fileId: string, name: string): Promise<{ stream: Readable; mimeType: string }> {
      const [row] = await db.select().from(files).where(eq(files.id, fileId)).limit(1);
      const thumbnail =
        name === POSTER_NAME
          ? row?.thumbnails?.find((t) => t.key === row.posterKey)
          : row?.thumbnails?.find((t) => thumbnailName(t) === name);
      const stream = thumbnail ? await deps.storage.get(thumbnail.key) : null;
      if (!thumbnail || !stream) throw new AppError(Errors.FILE_NOT_FOUND);
      return { stream, mimeType: `image/${thumbnail.format}` };
    },

    /**
     * The media job: a pending file's thumbnails made, then the file row and its message updated in one transaction
     * with a `message.updated`, so a run cut short leaves the file pending for the retry to do again. A file that
     * turns out unreadable is marked `failed` and stays a plain file, as is one whose last attempt failed for any
     * other reason (its storage unreachable): a file is never left pending once no retry will come.
     */
    async processPending(
      job: { fileId: string; appId: string; channelId: string; messageId: string },
      run: { lastAttempt?: boolean } = {},
    ) {
      const [row] = await db.select().from(files).where(eq(files.id, job.fileId)).limit(1);
      if (row?.mediaState !== "pending") return;
      const kind: MediaKind = row.mimeType.startsWith("image/")
        ? { kind: "image", type: row.mimeType as ImageType }
        : { kind: "video", type: row.mimeType as VideoType };
      let columns: MediaColumns;
      let size = row.size;
      try {
        const done = await processStored(ctx, deps.storage, row.storageKey, kind, {});
        columns = done.columns;
        size = done.size ?? size;
      } catch (err) {
        if (!(err instanceof AppError) && !run.lastAttempt) throw err;
        if (err instanceof AppError)
          ctx.log.info({ fileId: row.id, code: err.code }, "a pending file could not be read");
        else ctx.log.error({ err, fileId: row.id }, "a pending file's media failed on its last attempt; marked failed");
        columns = { ...NO_MEDIA, width: row.width, height: row.height, thumbnails: [], mediaState: "failed" };
      }
      await deps.channels.mutate(async (tx, batch) => {
        const [updated] = await tx
          .update(files)
          .set({ ...columns, size })
          .where(and(eq(files.id, row.id), eq(files.mediaState, "pending")))
          .returning();
        if (!updated) return;
        const messageRow = await attachFileMedia(
          tx,
          job.channelId,
          job.messageId,
          fileInfoOf(ctx.config.publicUrl, updated),
        );
        if (!messageRow) return;
        const [message] = await toMessages(tx, [messageRow]);
        if (!message) return;
        // Reaches whom the message reached: a shadowed one's other members and the sender's blockers hear nothing.
        const marked = messageRow.shadowed ? { message: { ...message, shadowed: true } } : undefined;
        const event = await batch.record(
          tx,
          job.appId,
          job.channelId,
          "message.updated",
          { message },
          ctx.clock.now(),
          marked,
        );
        const sender = message.sender?.userId;
        if (sender) batch.hideFrom(event, await blockersInChannel(tx, job.appId, job.channelId, sender));
      });
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
        .returning({ storageKey: files.storageKey, thumbnails: files.thumbnails, posterKey: files.posterKey });
      for (const row of removed) {
        for (const key of [row.storageKey, ...derivedKeys(row)]) await deps.storage.delete(key);
      }
      return removed.length;
    },

    /** The daily clean-up: files older than the retention period are removed from storage and from the index. */
    async expireOldFiles(): Promise<number> {
      const cutoff = new Date(ctx.clock.now().getTime() - deps.retentionDays * DAY_MS);
      const old = await db.select().from(files).where(lt(files.createdAt, cutoff)).limit(1000);
      for (const row of old) {
        for (const key of [row.storageKey, ...derivedKeys(row)]) await deps.storage.delete(key);
        await db.delete(files).where(and(eq(files.id, row.id)));
      }
      return old.length;
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
