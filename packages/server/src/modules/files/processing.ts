import { Readable } from "node:stream";
import {
  Errors,
  type TFileInfo,
  THUMBNAIL_FORMATS,
  THUMBNAIL_SIZES,
  type TMediaState,
  type TVoiceFields,
  VOICE_DURATION_MAX_MS,
} from "@parley/contract";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { FileStorage } from "../../integrations/storage";
import { readAudio } from "./audio";
import {
  type ImageHeader,
  type ImageType,
  type MediaKind,
  makeThumbnails,
  readImageHeader,
  readVideo,
  SNIFF_BYTES,
  stripOriginal,
} from "./media";
import type { StoredThumbnail } from "./schema";

/** A file row's media columns. */
export interface MediaColumns {
  width: number | null;
  height: number | null;
  thumbnails: StoredThumbnail[] | null;
  mediaState: TMediaState | null;
  durationMs: number | null;
  posterKey: string | null;
  voice: boolean;
  waveform: number[] | null;
}

export const NO_MEDIA: MediaColumns = {
  width: null,
  height: null,
  thumbnails: null,
  mediaState: null,
  durationMs: null,
  posterKey: null,
  voice: false,
  waveform: null,
};

const EXTENSION = { webp: "webp", jpeg: "jpg" } as const;

/** A thumbnail's name in its URL (`/files/{id}/thumbs/240.webp`), which the download route looks up. */
export const thumbnailName = (t: { size: number; format: "webp" | "jpeg" }) => `${t.size}.${EXTENSION[t.format]}`;
export const POSTER_NAME = "poster.jpg";

/** Every storage key a file's media reading wrote beside the original, for removing them with it. */
export function derivedKeys(row: { thumbnails: StoredThumbnail[] | null; posterKey: string | null }): string[] {
  // The poster is one of the thumbnails, so the set keeps each key once.
  return [...new Set([...(row.thumbnails ?? []).map((t) => t.key), ...(row.posterKey ? [row.posterKey] : [])])];
}

/** Every key a file's media reading may write, for clearing up after an upload refused halfway. */
export function possibleDerivedKeys(storageKey: string): string[] {
  return THUMBNAIL_SIZES.flatMap((size) => THUMBNAIL_FORMATS.map((format) => `${storageKey}-t${size}-${format}`));
}

export async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first bytes of a stored file, for telling its type; the rest is not read. */
export async function readHead(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= SNIFF_BYTES) break;
  }
  stream.destroy();
  return Buffer.concat(chunks);
}

/** The file message's file as members read it: its media columns become URLs beside the original's. */
export function fileInfoOf(
  publicUrl: string,
  row: { id: string; name: string; size: number; mimeType: string } & MediaColumns,
): TFileInfo {
  const base = `${publicUrl}/files/${row.id}`;
  const info: TFileInfo = {
    url: `${base}/${encodeURIComponent(row.name)}`,
    name: row.name,
    size: row.size,
    mimeType: row.mimeType,
  };
  if (row.mediaState === null) return info;
  if (row.voice)
    return { ...info, voice: true, media: row.mediaState, durationMs: row.durationMs, waveform: row.waveform };
  return {
    ...info,
    width: row.width,
    height: row.height,
    thumbnails: (row.thumbnails ?? []).map(({ key: _key, ...t }) => ({
      ...t,
      url: `${base}/thumbs/${thumbnailName(t)}`,
    })),
    media: row.mediaState,
    ...(row.mimeType.startsWith("video/")
      ? { durationMs: row.durationMs, posterUrl: row.posterKey ? `${base}/thumbs/${POSTER_NAME}` : null }
      : {}),
  };
}

/**
 * Reads an image or video stored under `storageKey` and writes its thumbnails (and a stripped original, a video's
 * poster) beside it. Every key is fixed by the original's, so a run repeated after a crash overwrites its own
 * outputs. Answers the media columns, `ready`, and the original's size now.
 */
export async function processStored(
  ctx: Context,
  storage: FileStorage,
  storageKey: string,
  kind: MediaKind,
  known: { header?: ImageHeader; voice?: TVoiceFields },
): Promise<{ columns: MediaColumns; size: number | null }> {
  const stream = await storage.get(storageKey);
  if (!stream) throw new Error(`stored file ${storageKey} is gone`);
  const bytes = await readAll(stream);
  const storeRenditions = async (source: Buffer) => {
    const stored: StoredThumbnail[] = [];
    for (const r of await makeThumbnails(source)) {
      const key = `${storageKey}-t${r.size}-${r.format}`; // as possibleDerivedKeys names them
      await storage.put(key, readableOf(r.bytes));
      stored.push({ size: r.size, format: r.format, width: r.width, height: r.height, key });
    }
    return stored;
  };
  if (kind.kind === "image") {
    const header = known.header ?? (await readImageHeader(bytes));
    const stripped = await stripOriginal(bytes, kind.type as ImageType, header);
    let size: number | null = null;
    if (stripped) size = await storage.put(storageKey, readableOf(stripped));
    const thumbnails = await storeRenditions(stripped ?? bytes);
    return {
      columns: { ...NO_MEDIA, width: header.width, height: header.height, thumbnails, mediaState: "ready" },
      size,
    };
  }
  if (kind.kind === "video") {
    const video = await readVideo(bytes, ctx.config.ffmpegPath);
    if (video.decoderAbsent) ctx.log.info({ ffmpeg: ctx.config.ffmpegPath }, "no video decoder: stored without poster");
    let thumbnails: StoredThumbnail[] = [];
    let posterKey: string | null = null;
    if (video.poster) {
      thumbnails = await storeRenditions(video.poster);
      const largest = thumbnails.filter((t) => t.format === "jpeg").at(-1);
      posterKey = largest?.key ?? null;
    }
    return {
      columns: {
        ...NO_MEDIA,
        width: video.width,
        height: video.height,
        thumbnails,
        mediaState: "ready",
        durationMs: video.durationMs,
        posterKey,
      },
      size: null,
    };
  }
  if (kind.kind === "voice") return { columns: await readVoice(ctx, bytes, known.voice), size: null };
  return { columns: NO_MEDIA, size: null };
}

/**
 * A voice message's length and waveform: the decoder's reading where the server has one (refused with 3255 when it
 * cannot decode the audio), else the recorder's own figures, checked against the same limit (3256).
 */
async function readVoice(ctx: Context, bytes: Buffer, told: TVoiceFields | undefined): Promise<MediaColumns> {
  const reading = await readAudio(bytes, ctx.config.ffmpegPath);
  if (!reading.read && !reading.decoderAbsent) throw new AppError(Errors.VOICE_NOT_AUDIO);
  if (!reading.read) ctx.log.info({ ffmpeg: ctx.config.ffmpegPath }, "no audio decoder: the recorder's figures kept");
  const durationMs = reading.read ? reading.durationMs : (told?.durationMs ?? null);
  if (durationMs !== null && durationMs > VOICE_DURATION_MAX_MS) throw new AppError(Errors.VOICE_TOO_LONG);
  const waveform = reading.read ? reading.waveform : (told?.waveform ?? null);
  return { ...NO_MEDIA, mediaState: "ready", voice: true, durationMs, waveform };
}

const readableOf = (bytes: Buffer) => Readable.from([bytes]);
