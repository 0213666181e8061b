import { describe, expect, it, vi } from "vitest";
import { createTtlCache } from "../../src/cache";
import { ManualClock } from "../../src/clock";

/**
 * Resolves once every promise callback queued so far has run. A background load stores its value or forgets its
 * failure in chained promise callbacks, with no timer among them, so this is when it has finished, on any machine.
 */
const promiseCallbacksRun = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("createTtlCache", () => {
  it("loads once within the time to live and again after it, without reloading ahead unless asked", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    const cache = createTtlCache<string, number>(clock, 5_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    clock.advance(4_999);
    expect(await cache.get("a", load)).toBe(1);
    expect(loads).toBe(1);
    clock.advance(1);
    expect(await cache.get("a", load)).toBe(2);
  });

  it("reloads an entry read past half its life in the background, never serving one older than the time to live", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    const cache = createTtlCache<string, number>(clock, 5_000, { refreshAhead: true });
    let loads = 0;
    let release: () => void = () => {};
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const first = cache.get("a", load);
    release();
    expect(await first).toBe(1);
    clock.advance(3_000);
    // Answered at once from the entry, while one reload starts.
    expect(await cache.get("a", load)).toBe(1);
    expect(await cache.get("a", load)).toBe(1);
    release();
    await Promise.resolve();
    expect(loads).toBe(2);
    // The reload's value, stamped when it started, is served without another load.
    clock.advance(4_000);
    expect(await cache.get("a", load)).toBe(2);
    expect(loads).toBe(2);
    // Past the time to live of the reloaded value, with no reload under way, readers wait for a load.
    clock.advance(5_000);
    const waited = cache.get("a", load);
    release();
    expect(await waited).toBe(3);
  });

  it("keeps serving an entry whose background reload failed, and tries again on the next read", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    const cache = createTtlCache<string, string>(clock, 5_000, { refreshAhead: true });
    await cache.get("a", async () => "kept");
    clock.advance(3_000);
    expect(await cache.get("a", () => Promise.reject(new Error("down")))).toBe("kept");
    await promiseCallbacksRun();
    expect(await cache.get("a", async () => "reloaded")).toBe("kept");
    await promiseCallbacksRun();
    expect(await cache.get("a", async () => "unused")).toBe("reloaded");
  });

  it("does not let a read that started before a change store the old value", async () => {
    const cache = createTtlCache<string, string>(new ManualClock(), 5_000);
    let release: (value: string) => void = () => {};
    const slow = cache.get("a", () => new Promise<string>((resolve) => (release = resolve)));
    cache.invalidate("a");
    release("old");
    expect(await slow).toBe("old");
    expect(await cache.get("a", async () => "new")).toBe("new");
    cache.set("a", "saved");
    expect(await cache.get("a", async () => "loaded")).toBe("saved");
  });

  it("shares one load among the reads that miss together", async () => {
    const cache = createTtlCache<string, number>(new ManualClock(), 5_000);
    let loads = 0;
    let release: () => void = () => {};
    const load = () => new Promise<number>((resolve) => (release = () => resolve(++loads)));
    const reads = [cache.get("a", load), cache.get("a", load), cache.get("a", load)];
    release();
    expect(await Promise.all(reads)).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
  });

  it("does not share a load that started before a change, and shares no failure after it settles", async () => {
    const cache = createTtlCache<string, string>(new ManualClock(), 5_000);
    let releaseOld: (value: string) => void = () => {};
    const old = cache.get("a", () => new Promise<string>((resolve) => (releaseOld = resolve)));
    cache.invalidate("a");
    const fresh = cache.get("a", async () => "new");
    releaseOld("old");
    expect(await old).toBe("old");
    expect(await fresh).toBe("new");
    await expect(cache.get("b", async () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("b", async () => "up")).toBe("up");
  });

  it("treats an entry stamped in the future as stale when the clock is put back", async () => {
    const clock = new ManualClock("2027-01-05T01:00:00Z");
    const cache = createTtlCache<string, string>(clock, 5_000);
    await cache.get("a", async () => "future");
    clock.set("2026-11-21T00:00:00Z");
    expect(await cache.get("a", async () => "now")).toBe("now");
  });

  it("drops expired entries whose keys are never read again, on the next store", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    const cache = createTtlCache<string, string>(clock, 1_000);
    for (let i = 0; i < 500; i += 1) await cache.get(`bogus-${i}`, async () => "none");
    expect(cache.size).toBe(500);
    clock.advance(600);
    await cache.get("later", async () => "kept");
    expect(cache.size).toBe(501);
    clock.advance(400);
    await cache.get("last", async () => "kept");
    expect(cache.size).toBe(2);
  });

  it("drops expired entries once they expire when nothing is stored after them", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      const clock = new ManualClock("2026-03-02T09:00:00Z");
      const cache = createTtlCache<string, string>(clock, 1_000);
      for (let i = 0; i < 300; i += 1) await cache.get(`session-${i}`, async () => "row");
      clock.advance(500);
      await cache.get("younger", async () => "row");
      clock.advance(500);
      vi.advanceTimersByTime(1_000);
      expect(cache.size).toBe(1);
      clock.advance(500);
      vi.advanceTimersByTime(1_000);
      expect(cache.size).toBe(0);
      // An empty cache keeps no timer.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps at most maxEntries, dropping the entries loaded first", async () => {
    const cache = createTtlCache<string, number>(new ManualClock(), 60_000, { maxEntries: 3 });
    for (const key of ["a", "b", "c"]) await cache.get(key, async () => 1);
    cache.set("a", 2);
    await cache.get("d", async () => 1);
    expect(cache.size).toBe(3);
    // "b" went first: storing "a" again made it the newest.
    let loads = 0;
    expect(await cache.get("a", async () => ++loads)).toBe(2);
    expect(await cache.get("b", async () => ++loads)).toBe(1);
    expect(loads).toBe(1);
  });
});
