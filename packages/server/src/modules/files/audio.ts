import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type AUDIO_TYPES, VOICE_LEVEL_MAX, VOICE_WAVEFORM_MAX } from "@parley/contract";

const run = promisify(execFile);

export type AudioType = (typeof AUDIO_TYPES)[number];

const ascii = (head: Buffer, start: number, end: number) => head.subarray(start, end).toString("latin1");

/**
 * The audio type a voice message's first bytes show, or null. WebM and MP4 are containers that also hold video: a
 * voice message's are read as audio, since the upload says it is one and only its sound is played.
 */
export function sniffAudio(head: Buffer): AudioType | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return "audio/webm";
  if (ascii(head, 0, 4) === "OggS") return "audio/ogg";
  if (ascii(head, 4, 8) === "ftyp") return "audio/mp4";
  if (ascii(head, 0, 4) === "RIFF" && ascii(head, 8, 12) === "WAVE") return "audio/wav";
  if (ascii(head, 0, 3) === "ID3") return "audio/mpeg";
  // Frame sync (eleven set bits), then the layer: 00 is an ADTS AAC stream, anything else an MPEG audio frame.
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) {
    return ((head[1] ?? 0) & 0x06) === 0 ? "audio/aac" : "audio/mpeg";
  }
  return null;
}

/** The rate the decoder resamples to for measuring: plenty for loudness bars and millisecond lengths of speech. */
const MEASURE_RATE = 8000;

export type AudioReading =
  | { read: true; durationMs: number; waveform: number[] }
  /** `decoderAbsent`: no ffmpeg (ENOENT); otherwise ffmpeg ran and could not decode the audio. */
  | { read: false; decoderAbsent: boolean };

/**
 * A voice message's length and loudness bars, from its decoded samples (the container's own length is often
 * missing in what MediaRecorder writes, so the samples are counted). Each bar is the peak of its slice, scaled so the
 * recording's loudest slice is {@link VOICE_LEVEL_MAX}.
 */
export async function readAudio(bytes: Buffer, ffmpegPath: string): Promise<AudioReading> {
  const file = path.join(os.tmpdir(), `parley-voice-${randomUUID()}`);
  await fs.writeFile(file, bytes);
  try {
    const decoded = await run(
      ffmpegPath,
      ["-v", "error", "-i", file, "-vn", "-ac", "1", "-ar", String(MEASURE_RATE), "-f", "s16le", "-"],
      // Ten minutes of 8 kHz 16-bit mono is 9.6 MB; a longer recording is refused by its length, so it must fit.
      { encoding: "buffer", maxBuffer: 32 * 1024 * 1024, timeout: 30_000 },
    );
    const samples = Math.floor(decoded.stdout.length / 2);
    if (samples === 0) return { read: false, decoderAbsent: false };
    return {
      read: true,
      durationMs: Math.round((samples / MEASURE_RATE) * 1000),
      waveform: waveformOf(decoded.stdout, samples),
    };
  } catch (err) {
    return { read: false, decoderAbsent: (err as NodeJS.ErrnoException).code === "ENOENT" };
  } finally {
    await fs.rm(file, { force: true });
  }
}

/** Peaks of up to {@link VOICE_WAVEFORM_MAX} equal slices of 16-bit little-endian samples, scaled to 0..100. */
export function waveformOf(pcm: Buffer, samples: number): number[] {
  const bars = Math.min(VOICE_WAVEFORM_MAX, samples);
  const peaks: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar * samples) / bars);
    const to = Math.floor(((bar + 1) * samples) / bars);
    let peak = 0;
    for (let i = from; i < to; i++) peak = Math.max(peak, Math.abs(pcm.readInt16LE(i * 2)));
    peaks.push(peak);
  }
  const loudest = Math.max(...peaks);
  return peaks.map((peak) => (loudest === 0 ? 0 : Math.round((peak / loudest) * VOICE_LEVEL_MAX)));
}
