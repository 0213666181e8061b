import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint, FIRST_PAINT_WAIT_MS } from "./first-paint";

type Callback = (entries: { getEntriesByName(name: string): unknown[] }) => void;

/** A PerformanceObserver whose paint entries the test hands out. */
function stubPaintTiming() {
  const observers: Callback[] = [];
  const disconnect = vi.fn();
  class FakeObserver {
    static supportedEntryTypes = ["paint"];
    constructor(callback: Callback) {
      observers.push(callback);
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal("PerformanceObserver", FakeObserver);
  const paint = (name: string) => {
    for (const callback of observers) callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  };
  return { paint, disconnect };
}

function track(promise: Promise<void>) {
  const state = { isDone: false };
  void promise.then(() => {
    state.isDone = true;
  });
  return state;
}

describe("afterFirstPaint", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("waits for the first contentful paint, not for any earlier paint", async () => {
    vi.useFakeTimers();
    const timing = stubPaintTiming();
    const state = track(afterFirstPaint());
    timing.paint("first-paint");
    await Promise.resolve();
    expect(state.isDone).toBe(false);
    timing.paint("first-contentful-paint");
    await Promise.resolve();
    expect(state.isDone).toBe(true);
    expect(timing.disconnect).toHaveBeenCalled();
  });

  it(`gives up waiting after ${FIRST_PAINT_WAIT_MS} ms when no paint is reported`, async () => {
    vi.useFakeTimers();
    stubPaintTiming();
    const state = track(afterFirstPaint());
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1);
    expect(state.isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.isDone).toBe(true);
  });

  it("resolves at once on a hidden page, which paints nothing until shown", async () => {
    vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    stubPaintTiming();
    await expect(afterFirstPaint()).resolves.toBeUndefined();
  });
});
