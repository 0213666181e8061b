import { afterEach, beforeEach, vi } from "vitest";

/**
 * Holds the wall clock still for each test of the enclosing `describe` unless the test moves it, so no burst of
 * requests straddles two of the rate limit's one-second windows. Returns the move to the next window.
 */
export function standingWallClock(): () => void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  return () => vi.setSystemTime(Date.now() + 1100);
}
