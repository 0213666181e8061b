import { describe, expect, it } from "vitest";
import { formatDuration, startRangeOf } from "./call-format";

describe("formatDuration", () => {
  it("writes minutes and two-digit seconds, minutes past an hour included", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(75)).toBe("1:15");
    expect(formatDuration(5400)).toBe("90:00");
  });

  it("writes a dash for a call that was never talked in", () => {
    expect(formatDuration(null)).toBe("—");
  });
});

describe("startRangeOf", () => {
  it("runs from the start of the first day to the start of the day after the last, in the viewer's zone", () => {
    const range = startRangeOf({ from: "2026-03-01", to: "2026-03-10" });
    expect(range).toEqual({
      from: new Date(2026, 2, 1).toISOString(),
      to: new Date(2026, 2, 11).toISOString(),
    });
  });

  it("leaves an empty end open and accepts a single day", () => {
    expect(startRangeOf({ from: "", to: "" })).toEqual({ from: undefined, to: undefined });
    expect(startRangeOf({ from: "2026-03-05", to: "" })).toEqual({
      from: new Date(2026, 2, 5).toISOString(),
      to: undefined,
    });
    expect(startRangeOf({ from: "2026-03-05", to: "2026-03-05" })).not.toBeNull();
  });

  it("answers null when the last day comes before the first", () => {
    expect(startRangeOf({ from: "2026-03-10", to: "2026-03-01" })).toBeNull();
  });
});
