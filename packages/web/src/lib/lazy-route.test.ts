import { CHUNK_LOAD_TIMEOUT_MS } from "@parley/contract";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChunkLoadTimeoutError, isChunkLoadError, lazyPage } from "./lazy-route";

function Page() {
  return null;
}

describe("lazyPage", () => {
  afterEach(() => vi.useRealTimers());

  it("fails with a chunk-load error when the module takes longer than CHUNK_LOAD_TIMEOUT_MS", async () => {
    vi.useFakeTimers();
    const load = lazyPage(() => new Promise(() => {}));
    const result = load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    const error = await result;
    expect(error).toBeInstanceOf(ChunkLoadTimeoutError);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("recognises a failed dynamic import but not other errors", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });

  it("hands the default export to the router as Component", async () => {
    await expect(lazyPage(async () => ({ default: Page }))()).resolves.toEqual({ Component: Page });
  });
});
