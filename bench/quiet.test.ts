import { describe, expect, it } from "vitest";
import { waitForQuiet } from "./quiet";

/** A machine whose load follows `loads`, one value a look, on a clock that moves only when the wait sleeps. */
function machine(loads: number[]) {
  let clock = 0;
  let looks = 0;
  const sleeps: number[] = [];
  return {
    sleeps,
    looks: () => looks,
    load: () => loads[Math.min(looks++, loads.length - 1)] as number,
    now: () => clock,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      clock += ms;
    },
  };
}

describe("waitForQuiet", () => {
  it("starts at once when the load is already under the threshold", async () => {
    const m = machine([0.4]);
    const waits: number[] = [];
    const outcome = await waitForQuiet({ below: 1, maxSeconds: 300, ...m, onWait: (l) => waits.push(l) });
    expect(outcome).toEqual({ waitedSeconds: 0, load: 0.4 });
    expect(m.sleeps).toEqual([]);
    expect(waits).toEqual([]);
  });

  it("waits while the load is at or above the threshold and ends at the first look under it", async () => {
    const m = machine([2.6, 1.8, 1.0, 0.9, 0.5]);
    const waits: number[] = [];
    const outcome = await waitForQuiet({ below: 1, maxSeconds: 300, ...m, onWait: (l) => waits.push(l) });
    expect(outcome).toEqual({ waitedSeconds: 15, load: 0.9 });
    expect(m.sleeps).toEqual([5000, 5000, 5000]);
    expect(m.looks()).toBe(4);
    expect(waits).toEqual([2.6]);
  });

  it("gives up after the longest wait with the load still above, its last sleep cut to fit", async () => {
    const m = machine([3]);
    const outcome = await waitForQuiet({ below: 1, maxSeconds: 12, pollSeconds: 5, ...m });
    expect(outcome).toEqual({ waitedSeconds: 12, load: 3 });
    expect(m.sleeps).toEqual([5000, 5000, 2000]);
  });
});
