/**
 * What the server reads from an uploaded image or video (docs/decisions/0303-media-processing.md): its size after
 * orientation, its thumbnails, a video's length and poster. Shared by the server, the kits and the SDKs.
 */
import { z } from "zod";
import { VOICE_LEVEL_MAX, VOICE_WAVEFORM_MAX } from "./chat-constants";

/** An image of more pixels than this (all frames of an animation together) is refused: a decompression bomb. */
export const IMAGE_PIXELS_MAX = 50_000_000;
/** The longest side of each thumbnail, smallest first; an image smaller than a size is never enlarged to it. */
export const THUMBNAIL_SIZES = [240, 720] as const;
/** Images and videos up to this many bytes are processed within the upload; larger ones by a background job. */
export const MEDIA_INLINE_MAX_BYTES = 2 * 1024 * 1024;

/** The image types read for dimensions and thumbnails; any other type is stored as a plain file. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif", "image/avif"] as const;
/** The video types read for duration and a poster frame, where the server has a decoder. */
export const VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"] as const;

/**
 * The audio types a voice message may be (docs/decisions/0305-voice-messages.md), told from the bytes: what
 * MediaRecorder writes in browsers (WebM/Opus, MP4/AAC on Safari) and what phones record.
 */
export const AUDIO_TYPES = ["audio/webm", "audio/ogg", "audio/mp4", "audio/mpeg", "audio/wav", "audio/aac"] as const;

/**
 * A voice message's upload fields beside its `file` part (multipart text fields): `voice=true`, the length the
 * recorder measured and, optionally, the waveform it drew (bars joined by commas). A server with an audio decoder
 * reads both from the audio itself and keeps its own.
 */
export const zVoiceFields = z.object({
  voice: z.literal("true"),
  durationMs: z.coerce.number().int().min(0).optional(),
  waveform: z
    .string()
    .regex(/^\d{1,3}(,\d{1,3})*$/, "bars 0 to 100 joined by commas")
    .transform((text) => text.split(",").map(Number))
    .refine((bars) => bars.length <= VOICE_WAVEFORM_MAX && bars.every((bar) => bar <= VOICE_LEVEL_MAX), {
      message: `at most ${VOICE_WAVEFORM_MAX} bars of 0 to ${VOICE_LEVEL_MAX}`,
    })
    .optional(),
});
export type TVoiceFields = z.infer<typeof zVoiceFields>;

/** Each size comes as WebP (the modern format every current browser shows) and JPEG (for every other reader). */
export const THUMBNAIL_FORMATS = ["webp", "jpeg"] as const;

export const zThumbnail = z.object({
  /** The size asked for (one of `THUMBNAIL_SIZES`): the longest side's bound. */
  size: z.number().int(),
  url: z.string(),
  /** The thumbnail's own pixels, oriented as shown. */
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(THUMBNAIL_FORMATS),
});
export type TThumbnail = z.infer<typeof zThumbnail>;

/**
 * Where a file's media reading stands. `pending`: a large file's thumbnails are still being made (a
 * `message.updated` brings them); `ready`: done; `failed`: the file could not be read after all and stays a plain
 * file. Absent for a file that is not an image or video.
 */
export const MEDIA_STATES = ["pending", "ready", "failed"] as const;
export type TMediaState = (typeof MEDIA_STATES)[number];

/** The media fields of a file message's file, all optional so that files sent before them still read. */
export const zMediaInfo = z.object({
  /** Pixels as shown (orientation applied), known at upload even while thumbnails are pending: lay out with them. */
  width: z.number().int().nullable().optional(),
  height: z.number().int().nullable().optional(),
  thumbnails: z.array(zThumbnail).optional(),
  media: z.enum(MEDIA_STATES).optional(),
  /**
   * A video's or voice message's length in milliseconds; null where the server has no decoder (for a voice message:
   * and the recorder gave none).
   */
  durationMs: z.number().int().nullable().optional(),
  /** A video's poster frame (a JPEG of its first frame); null where the server has no decoder. */
  posterUrl: z.string().nullable().optional(),
  /** True for a voice message: audio to play inline, with `durationMs` and `waveform`. */
  voice: z.boolean().optional(),
  /** A voice message's loudness in up to {@link VOICE_WAVEFORM_MAX} bars of 0 to 100, oldest first; null if unknown. */
  waveform: z.array(z.number().int().min(0).max(VOICE_LEVEL_MAX)).nullable().optional(),
});
export type TMediaInfo = z.infer<typeof zMediaInfo>;
