import { describe, expect, it } from "vitest";
import { createTtlCache } from "../src/cache";
import { ManualClock } from "../src/clock";

describe("createTtlCache", () => {
  it("loads once within the time to live and again after it", async () => {
    const clock = new ManualClock("2026-03-02T09:00:00Z");
    const cache = createTtlCache<string, number>(clock, 5_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("a", load)).toBe(1);
    clock.advance(4_999);
    expect(await cache.get("a", load)).toBe(1);
    clock.advance(1);
    expect(await cache.get("a", load)).toBe(2);
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

  it("treats an entry stamped in the future as stale when the clock is put back", async () => {
    const clock = new ManualClock("2027-01-05T01:00:00Z");
    const cache = createTtlCache<string, string>(clock, 5_000);
    await cache.get("a", async () => "future");
    clock.set("2026-11-21T00:00:00Z");
    expect(await cache.get("a", async () => "now")).toBe("now");
  });
});
