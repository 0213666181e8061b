/** Voice messages' pure parts, shared by the web kit and React Native's (docs/decisions/0305-voice-messages.md). */
import { VOICE_LEVEL_MAX, VOICE_WAVEFORM_MAX } from "@parley/sdk";

/**
 * The waveform a recording's level readings (0 to 1, one every tick) make: at most {@link VOICE_WAVEFORM_MAX} bars,
 * each the loudest reading of its slice, scaled so the loudest bar is 100 as the server's own reading is.
 */
export function waveformFromLevels(levels: readonly number[]): number[] {
  if (levels.length === 0) return [];
  const bars = Math.min(VOICE_WAVEFORM_MAX, levels.length);
  const peaks: number[] = [];
  for (let bar = 0; bar < bars; bar++) {
    const from = Math.floor((bar * levels.length) / bars);
    const to = Math.floor(((bar + 1) * levels.length) / bars);
    peaks.push(Math.max(0, ...levels.slice(from, to)));
  }
  const loudest = Math.max(...peaks);
  return peaks.map((peak) => (loudest > 0 ? Math.round((peak / loudest) * VOICE_LEVEL_MAX) : 0));
}

/** The lowest a drawn bar goes, as a share of the full height, so silence still shows where the recording is. */
const BAR_FLOOR = 0.08;

/**
 * `count` bar heights (0 to 1) to draw a waveform with, however many bars it has; a voice message whose waveform is
 * unknown draws flat bars.
 */
export function barsToDraw(waveform: readonly number[] | null | undefined, count: number): number[] {
  if (!waveform || waveform.length === 0) return Array.from({ length: count }, () => BAR_FLOOR);
  return Array.from({ length: count }, (_, i) => {
    const level = waveform[Math.min(waveform.length - 1, Math.floor((i * waveform.length) / count))] ?? 0;
    return Math.max(BAR_FLOOR, level / VOICE_LEVEL_MAX);
  });
}

/** What MediaRecorder is asked to write, best first: Opus in WebM (Chromium, Firefox), AAC in MP4 (Safari). */
export const RECORDING_TYPES = ["audio/webm;codecs=opus", "audio/webm", "audio/mp4", "audio/ogg;codecs=opus"];

/** The file name a recording is sent under, its extension from the type the recorder wrote. */
export function recordingFileName(mimeType: string, at: Date): string {
  const extension = mimeType.includes("mp4") ? "m4a" : mimeType.includes("ogg") ? "ogg" : "webm";
  const stamp = at.toISOString().slice(0, 19).replace(/[-:]/g, "").replace("T", "-");
  return `voice-${stamp}.${extension}`;
}

/** Seconds, rounded up, for a clock showing a length (a 0.4 s recording reads 0:01, not 0:00). */
export const secondsOf = (ms: number | null | undefined) => Math.ceil(Math.max(0, ms ?? 0) / 1000);
