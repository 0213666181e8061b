import { describe, expect, it } from "vitest";
import { createBatchLoader } from "./batch-loader";

describe("createBatchLoader", () => {
  it("loads the keys asked for in one round with one call, a repeated key once", async () => {
    const calls: string[][] = [];
    const loader = createBatchLoader(async (keys: string[]) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== "none").map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all(["a", "b", "a", "none"].map((k) => loader.load(k)));
    expect(answers).toEqual(["A", "B", "A", undefined]);
    expect(calls).toEqual([["a", "b", "none"]]);
    expect(await loader.load("c")).toBe("C");
    expect(calls).toHaveLength(2);
  });

  it("splits a round into batches of at most `max` keys", async () => {
    const sizes: number[] = [];
    const loader = createBatchLoader(
      async (keys: number[]) => {
        sizes.push(keys.length);
        return new Map(keys.map((k) => [k, k * 2]));
      },
      { max: 3 },
    );
    const answers = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((k) => loader.load(k)));
    expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(sizes).toEqual([3, 3, 1]);
  });

  it("gathers the keys asked for while loads are in flight into one load once one finishes", async () => {
    const calls: number[][] = [];
    const releases: (() => void)[] = [];
    const loader = createBatchLoader(
      (keys: number[]) =>
        new Promise<Map<number, number>>((resolve) => {
          calls.push(keys);
          releases.push(() => resolve(new Map(keys.map((k) => [k, k]))));
        }),
      { maxInFlight: 1 },
    );
    const rounds = () => new Promise<void>((resolve) => setImmediate(resolve));
    const first = loader.load(1);
    await rounds();
    expect(calls).toEqual([[1]]);
    // Three rounds of keys while the first load is out: none starts a load of its own.
    const later: Promise<number | undefined>[] = [];
    for (const k of [2, 3, 4]) {
      later.push(loader.load(k));
      await rounds();
    }
    expect(calls).toEqual([[1]]);
    releases[0]?.();
    expect(await first).toBe(1);
    await rounds();
    await rounds();
    expect(calls).toEqual([[1], [2, 3, 4]]);
    releases[1]?.();
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
  });

  it("fails every waiter of a batch whose load failed, and loads the next round afresh", async () => {
    let fail = true;
    const loader = createBatchLoader(async (keys: string[]) => {
      if (fail) throw new Error("database down");
      return new Map(keys.map((k) => [k, k]));
    });
    const failed = await Promise.allSettled([loader.load("a"), loader.load("b")]);
    expect(failed.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await loader.load("a")).toBe("a");
  });

  it("starts a load no sooner than `spacingMs` after the one before, gathering the keys asked for meanwhile", async () => {
    const calls: { keys: number[]; at: number }[] = [];
    const loader = createBatchLoader(
      async (keys: number[]) => {
        calls.push({ keys, at: performance.now() });
        return new Map(keys.map((k) => [k, k]));
      },
      { spacingMs: 200 },
    );
    const started = performance.now();
    // An idle loader loads at once.
    expect(await loader.load(1)).toBe(1);
    expect(calls[0]?.at ?? Number.POSITIVE_INFINITY).toBeLessThan(started + 100);
    // The first load has answered, but asked again within the spacing, keys wait and go in one load.
    const later: Promise<number | undefined>[] = [];
    for (const k of [2, 3, 4]) {
      later.push(loader.load(k));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    expect(calls).toHaveLength(1);
    expect(await Promise.all(later)).toEqual([2, 3, 4]);
    expect(calls.map((c) => c.keys)).toEqual([[1], [2, 3, 4]]);
    // The loader times its starts itself, and its first start came after `started`: the second load cannot begin
    // before `started` plus the spacing. Measured from the first load's own clock read instead, a process descheduled
    // between the loader's stamp and that read (16 ms on a busy two-core machine) shortened the gap. Without the
    // spacing the second load comes a few milliseconds after `started`.
    expect((calls[1]?.at ?? 0) - started).toBeGreaterThanOrEqual(200);
  });
});
