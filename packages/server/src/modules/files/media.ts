import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Errors, IMAGE_PIXELS_MAX, IMAGE_TYPES, THUMBNAIL_SIZES, VIDEO_TYPES } from "@parley/contract";
import sharp, { type Metadata } from "sharp";
import { AppError } from "../../errors";
import type { AudioType } from "./audio";

const run = promisify(execFile);

export type ImageType = (typeof IMAGE_TYPES)[number];
export type VideoType = (typeof VIDEO_TYPES)[number];
export type MediaKind =
  | { kind: "image"; type: ImageType }
  | { kind: "video"; type: VideoType }
  | { kind: "voice"; type: AudioType }
  | { kind: "other" };

/** The bytes a file starts with, as much as {@link sniffType} reads. */
export const SNIFF_BYTES = 64;

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString("latin1");

/** The media type the file's first bytes show, whatever it is called; null for any other kind of file. */
export function sniffType(head: Buffer): ImageType | VideoType | null {
  if (head.length >= 8 && head.readUInt32BE(0) === 0x89504e47 && head.readUInt32BE(4) === 0x0d0a1a0a)
    return "image/png";
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (ascii(head, 0, 6) === "GIF87a" || ascii(head, 0, 6) === "GIF89a") return "image/gif";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WEBP") return "image/webp";
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return "video/webm";
  if (ascii(head, 4, 8) === "ftyp") {
    const brand = ascii(head, 8, 12);
    if (brand === "avif" || brand === "avis") return "image/avif";
    if (brand === "qt  ") return "video/quicktime";
    return "video/mp4";
  }
  return null;
}

/** The types a file name's extension claims; an extension it does not know claims nothing. */
const EXTENSION_TYPES: Record<string, ImageType | VideoType> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  jpe: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  mp4: "video/mp4",
  m4v: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
};

const MEDIA_TYPES: ReadonlySet<string> = new Set([...IMAGE_TYPES, ...VIDEO_TYPES]);

/**
 * What a stored file is, from its bytes. A name or a Content-Type that claims an image or video type must be that
 * type's bytes (or refused with 3251), so that nothing is shown inline or decoded as what it is not; a file that
 * claims none but is an image or video in truth is read as one.
 */
export function classify(head: Buffer, fileName: string, mimeType: string): MediaKind {
  const sniffed = sniffType(head);
  const extension = fileName.includes(".") ? (fileName.split(".").pop() ?? "").toLowerCase() : "";
  const claims = [EXTENSION_TYPES[extension], MEDIA_TYPES.has(mimeType) ? mimeType : undefined].filter(
    (type): type is string => type !== undefined,
  );
  // A video/mp4 named .m4v or an .mp4 that is QuickTime inside both play as video: only the family must agree there.
  const agrees = (claim: string) =>
    claim === sniffed || (claim.startsWith("video/") && sniffed?.startsWith("video/") && sniffed !== "video/webm");
  if (claims.some((claim) => !agrees(claim))) throw new AppError(Errors.FILE_TYPE_MISMATCH);
  if (sniffed === null) return { kind: "other" };
  return sniffed.startsWith("image/")
    ? { kind: "image", type: sniffed as ImageType }
    : { kind: "video", type: sniffed as VideoType };
}

export interface ImageHeader {
  /** Pixels as shown: an EXIF orientation of 5 to 8 turns the image a quarter, swapping its sides. */
  width: number;
  height: number;
  animated: boolean;
  hasExif: boolean;
}

/**
 * The image's header, read without decoding its pixels: refused with 3252 when its pixels (every frame's) pass the
 * limit, so a small file that would unpack to gigabytes is never decoded, and with 3253 when it cannot be read.
 */
export async function readImageHeader(bytes: Buffer): Promise<ImageHeader> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(Errors.IMAGE_UNREADABLE);
  }
  const { width, height } = meta;
  if (!width || !height) throw new AppError(Errors.IMAGE_UNREADABLE);
  const frameHeight = meta.pageHeight ?? height;
  const frames = meta.pages ?? 1;
  if (width * frameHeight * frames > IMAGE_PIXELS_MAX) throw new AppError(Errors.IMAGE_TOO_MANY_PIXELS);
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    width: turned ? frameHeight : width,
    height: turned ? width : frameHeight,
    animated: frames > 1,
    hasExif: meta.exif !== undefined || meta.xmp !== undefined,
  };
}

export interface Rendition {
  size: number;
  format: "webp" | "jpeg";
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * Each thumbnail size in WebP and JPEG: the first frame only (an animation's thumbnail is still), turned as its
 * EXIF orientation says, never enlarged, with no metadata at all (sharp writes none unless asked), so no GPS
 * position leaves with it. Transparency is flattened on white for JPEG, which has none.
 */
export async function makeThumbnails(bytes: Buffer): Promise<Rendition[]> {
  const out: Rendition[] = [];
  for (const size of THUMBNAIL_SIZES) {
    const resized = sharp(bytes, { limitInputPixels: IMAGE_PIXELS_MAX, pages: 1 })
      .rotate()
      .resize(size, size, { fit: "inside", withoutEnlargement: true });
    const webp = await resized.clone().webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    const jpeg = await resized
      .clone()
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    for (const [format, result] of [
      ["webp", webp],
      ["jpeg", jpeg],
    ] as const) {
      out.push({ size, format, width: result.info.width, height: result.info.height, bytes: result.data });
    }
  }
  return out;
}

/**
 * The original as other members download it, without its EXIF and XMP (a phone photo's GPS position, its camera's
 * serial) and with its orientation applied, since the tag that held it goes too. Answers null for an image with no
 * such metadata, or an animation, which are kept byte for byte.
 */
export async function stripOriginal(bytes: Buffer, type: ImageType, header: ImageHeader): Promise<Buffer | null> {
  if (!header.hasExif || header.animated) return null;
  const image = sharp(bytes, { limitInputPixels: IMAGE_PIXELS_MAX }).rotate().keepIccProfile();
  switch (type) {
    case "image/jpeg":
      return image.jpeg({ quality: 92, chromaSubsampling: "4:4:4" }).toBuffer();
    case "image/png":
      return image.png().toBuffer();
    case "image/webp":
      return image.webp({ quality: 92 }).toBuffer();
    case "image/avif":
      return image.avif({ quality: 70 }).toBuffer();
    default:
      return null;
  }
}

export interface VideoReading {
  durationMs: number | null;
  width: number | null;
  height: number | null;
  /** A PNG of the first frame, or null without a decoder. */
  poster: Buffer | null;
}

const NOTHING_READ: VideoReading = { durationMs: null, width: null, height: null, poster: null };

/** ffprobe, looked for beside the configured ffmpeg (`/usr/bin/ffmpeg` gives `/usr/bin/ffprobe`, `ffmpeg` `ffprobe`). */
export function ffprobePathOf(ffmpegPath: string): string {
  const dir = path.dirname(ffmpegPath);
  const probe = path.basename(ffmpegPath).replace(/ffmpeg/, "ffprobe");
  return dir === "." && !ffmpegPath.includes("/") ? probe : path.join(dir, probe);
}

/**
 * A video's length, size and poster frame through ffprobe and ffmpeg. Where they are absent (ENOENT) or cannot read
 * the file, everything is null and the video is stored as it is: `decoderAbsent` says which, for the log.
 */
export async function readVideo(bytes: Buffer, ffmpegPath: string): Promise<VideoReading & { decoderAbsent: boolean }> {
  const file = path.join(os.tmpdir(), `parley-video-${randomUUID()}`);
  await fs.writeFile(file, bytes);
  try {
    const probe = await run(
      ffprobePathOf(ffmpegPath),
      ["-v", "error", "-print_format", "json", "-show_entries", "format=duration:stream=width,height,codec_type", file],
      { timeout: 30_000 },
    );
    const info = JSON.parse(probe.stdout) as {
      format?: { duration?: string };
      streams?: { codec_type?: string; width?: number; height?: number }[];
    };
    const video = info.streams?.find((s) => s.codec_type === "video");
    const seconds = Number(info.format?.duration);
    const frame = await run(
      ffmpegPath,
      ["-v", "error", "-i", file, "-frames:v", "1", "-f", "image2pipe", "-vcodec", "png", "-"],
      { encoding: "buffer", maxBuffer: 64 * 1024 * 1024, timeout: 30_000 },
    );
    return {
      durationMs: Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
      width: video?.width ?? null,
      height: video?.height ?? null,
      poster: frame.stdout.length > 0 ? frame.stdout : null,
      decoderAbsent: false,
    };
  } catch (err) {
    const absent = (err as NodeJS.ErrnoException).code === "ENOENT";
    return { ...NOTHING_READ, decoderAbsent: absent };
  } finally {
    await fs.rm(file, { force: true });
  }
}
