import { describe, expect, it } from "vitest";
import { assignSubchannels, planMerges } from "./subchannels";

describe("subchannel placement", () => {
  it("fills the lowest-numbered subchannel with room first", () => {
    expect(
      assignSubchannels(
        new Map([
          [1, 3],
          [2, 1],
        ]),
        3,
        3,
      ),
    ).toEqual([2, 2, 3]);
  });

  it("opens subchannel 1 for the first member and a new one each time all are full", () => {
    expect(assignSubchannels(new Map(), 2, 5)).toEqual([1, 1, 2, 2, 3]);
  });

  it("reuses the lowest number no longer in use", () => {
    expect(
      assignSubchannels(
        new Map([
          [2, 2],
          [3, 2],
        ]),
        2,
        2,
      ),
    ).toEqual([1, 1]);
  });
});

describe("subchannel merges", () => {
  const settings = { min: 3, max: 4, mergeMinutes: 60 };
  const now = new Date("2026-11-24T12:00:00Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it("starts timing a subchannel that fell below the minimum, and merges nothing yet", () => {
    const plan = planMerges(
      [
        { number: 1, memberCount: 2, belowMinSince: null },
        { number: 2, memberCount: 1, belowMinSince: null },
      ],
      settings,
      now,
    );
    expect(plan.merges).toEqual([]);
    expect(plan.startTiming.sort()).toEqual([1, 2]);
  });

  it("merges the smallest subchannel into the fullest with room once the merge time has passed", () => {
    const plan = planMerges(
      [
        { number: 1, memberCount: 2, belowMinSince: ago(61) },
        { number: 2, memberCount: 1, belowMinSince: ago(61) },
        { number: 3, memberCount: 4, belowMinSince: null },
      ],
      settings,
      now,
    );
    expect(plan.merges).toEqual([{ from: 2, into: 1 }]);
  });

  it("waits while the merge time has not passed", () => {
    const plan = planMerges(
      [
        { number: 1, memberCount: 2, belowMinSince: ago(59) },
        { number: 2, memberCount: 1, belowMinSince: ago(59) },
      ],
      settings,
      now,
    );
    expect(plan.merges).toEqual([]);
  });

  it("never overfills: with no subchannel that has room for all its members, a small one waits", () => {
    const plan = planMerges(
      [
        { number: 1, memberCount: 4, belowMinSince: null },
        { number: 2, memberCount: 2, belowMinSince: ago(120) },
      ],
      settings,
      now,
    );
    expect(plan.merges).toEqual([]);
  });

  it("stops timing a subchannel back at the minimum and drops empty ones at once", () => {
    const plan = planMerges(
      [
        { number: 1, memberCount: 3, belowMinSince: ago(10) },
        { number: 2, memberCount: 0, belowMinSince: null },
      ],
      settings,
      now,
    );
    expect(plan.stopTiming).toEqual([1]);
    expect(plan.empty).toEqual([2]);
  });
});
