import { describe, expect, it } from "vitest";
import { barsToDraw, recordingFileName, secondsOf, waveformFromLevels } from "./voice";

describe("voice helpers", () => {
  it("makes at most 64 bars from the recorder's readings, the loudest at 100", () => {
    const levels = Array.from({ length: 640 }, (_, i) => (i < 320 ? 0.1 : 0.5));
    const waveform = waveformFromLevels(levels);
    expect(waveform).toHaveLength(64);
    expect(waveform[0]).toBe(20);
    expect(waveform.at(-1)).toBe(100);
    expect(waveformFromLevels([0.2, 0.4])).toEqual([50, 100]);
    expect(waveformFromLevels([0, 0])).toEqual([0, 0]);
    expect(waveformFromLevels([])).toEqual([]);
  });

  it("resamples a waveform to the bars drawn, never below the floor", () => {
    expect(barsToDraw([0, 100], 4)).toEqual([0.08, 0.08, 1, 1]);
    expect(barsToDraw(null, 3)).toEqual([0.08, 0.08, 0.08]);
  });

  it("names a recording by the type the recorder wrote", () => {
    const at = new Date("2026-12-05T09:08:07Z");
    expect(recordingFileName("audio/webm;codecs=opus", at)).toBe("voice-20261205-090807.webm");
    expect(recordingFileName("audio/mp4", at)).toBe("voice-20261205-090807.m4a");
    expect(recordingFileName("audio/ogg;codecs=opus", at)).toBe("voice-20261205-090807.ogg");
  });

  it("rounds a length up to whole seconds", () => {
    expect(secondsOf(400)).toBe(1);
    expect(secondsOf(12_000)).toBe(12);
    expect(secondsOf(null)).toBe(0);
  });
});
