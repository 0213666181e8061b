import { afterEach, describe, expect, it, vi } from "vitest";
import { scrollBehavior } from "./motion";

/** Answers `matchMedia` as a system that does, or does not, ask for reduced motion. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({ matches: reduce && query.includes("prefers-reduced-motion: reduce"), media: query })),
  );
}

describe("scrollBehavior", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("scrolls smoothly for a visitor who did not ask for less motion", () => {
    prefersReducedMotion(false);
    expect(scrollBehavior()).toBe("smooth");
  });

  it("jumps instead of scrolling smoothly for a visitor who asked for reduced motion", () => {
    prefersReducedMotion(true);
    expect(scrollBehavior()).toBe("auto");
  });
});
