import { VOICE_DURATION_MAX_MS } from "@parley/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { RECORDING_TYPES, waveformFromLevels } from "../../lib/voice";

/** How often the microphone's level is read while recording: ten readings a second. */
const LEVEL_TICK_MS = 100;

/** A finished recording, with what the recorder measured of it. */
export interface Recording {
  blob: Blob;
  mimeType: string;
  durationMs: number;
  waveform: number[];
}

export type RecorderState =
  | { status: "idle" }
  | { status: "starting" }
  /** `levels`: every reading so far, 0 to 1, for the live meter. */
  | { status: "recording"; elapsedMs: number; levels: number[] }
  /** `denied`: no microphone, or the user refused it. */
  | { status: "failed"; reason: "denied" };

/** Whether this browser can record audio at all; the kit offers no microphone button where it cannot. */
export function canRecordVoice(): boolean {
  return (
    typeof MediaRecorder !== "undefined" &&
    typeof navigator !== "undefined" &&
    typeof navigator.mediaDevices?.getUserMedia === "function"
  );
}

interface Session {
  stream: MediaStream;
  recorder: MediaRecorder;
  audio: AudioContext;
  timer: ReturnType<typeof setInterval>;
  startedAt: number;
  levels: number[];
  chunks: Blob[];
}

/**
 * Records a voice message with MediaRecorder. The level meter of an `AnalyserNode` is read ten times a second for
 * the live meter and the waveform, so nothing is decoded afterwards. `finish(true)` hands the recording to
 * `onRecorded`; `finish(false)` drops it. A recording stops itself at the server's limit and is then handed on.
 */
export function useVoiceRecorder(onRecorded: (recording: Recording) => void) {
  const [state, setState] = useState<RecorderState>({ status: "idle" });
  const session = useRef<Session | null>(null);
  const handOn = useRef(onRecorded);
  handOn.current = onRecorded;

  const finish = useCallback((keep: boolean) => {
    const current = session.current;
    if (!current) return;
    session.current = null;
    clearInterval(current.timer);
    const durationMs = Math.min(VOICE_DURATION_MAX_MS, Math.round(performance.now() - current.startedAt));
    current.recorder.addEventListener(
      "stop",
      () => {
        for (const track of current.stream.getTracks()) track.stop();
        void current.audio.close();
        if (!keep) return;
        const mimeType = current.recorder.mimeType || current.chunks[0]?.type || "audio/webm";
        const blob = new Blob(current.chunks, { type: mimeType });
        handOn.current({ blob, mimeType, durationMs, waveform: waveformFromLevels(current.levels) });
      },
      { once: true },
    );
    current.recorder.stop();
    setState({ status: "idle" });
  }, []);

  const start = useCallback(async () => {
    if (session.current) return;
    setState({ status: "starting" });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState({ status: "failed", reason: "denied" });
      return;
    }
    const mimeType = RECORDING_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    const audio = new AudioContext();
    const analyser = audio.createAnalyser();
    analyser.fftSize = 1024;
    audio.createMediaStreamSource(stream).connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    const levels: number[] = [];
    const chunks: Blob[] = [];
    recorder.addEventListener("dataavailable", (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    });
    const startedAt = performance.now();
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      let peak = 0;
      for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
      levels.push(Math.min(1, peak));
      const elapsedMs = performance.now() - startedAt;
      if (elapsedMs >= VOICE_DURATION_MAX_MS) finish(true);
      else setState({ status: "recording", elapsedMs, levels: [...levels] });
    }, LEVEL_TICK_MS);
    session.current = { stream, recorder, audio, timer, startedAt, levels, chunks };
    recorder.start();
    setState({ status: "recording", elapsedMs: 0, levels: [] });
  }, [finish]);

  // Leaving the channel mid-recording drops the recording and lets the microphone go.
  useEffect(() => () => finish(false), [finish]);

  return { state, start, finish, dismiss: () => setState({ status: "idle" }) };
}
