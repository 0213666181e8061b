import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSearchUpkeep } from "./search-upkeep";

const SEARCH_UPKEEP_MS = 1000;

/** A database whose merges the test settles one by one. */
function heldDatabase() {
  const merges: { resolve: (rows: { pages: number }[]) => void; reject: (err: Error) => void }[] = [];
  const database = {
    query: <T>() =>
      new Promise<T[]>((resolve, reject) => {
        merges.push({ resolve: resolve as (rows: { pages: number }[]) => void, reject });
      }),
  };
  return { database, merges };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("search upkeep", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("merges once an interval, and never starts a merge while the last is under way", async () => {
    const { database, merges } = heldDatabase();
    const upkeep = startSearchUpkeep(database, { warn: vi.fn() }, SEARCH_UPKEEP_MS);
    expect(merges).toHaveLength(0);
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS);
    expect(merges).toHaveLength(1);
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS * 3);
    expect(merges).toHaveLength(1);
    merges[0]?.resolve([{ pages: 12 }]);
    await settle();
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS);
    expect(merges).toHaveLength(2);
    merges[1]?.resolve([{ pages: 0 }]);
    await upkeep.stop();
  });

  it("logs a failed merge and merges again at the next interval", async () => {
    const { database, merges } = heldDatabase();
    const warn = vi.fn();
    const upkeep = startSearchUpkeep(database, { warn }, SEARCH_UPKEEP_MS);
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS);
    merges[0]?.reject(new Error("connection lost"));
    await settle();
    expect(warn).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringContaining("search index"));
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS);
    expect(merges).toHaveLength(2);
    merges[1]?.resolve([{ pages: 0 }]);
    await upkeep.stop();
  });

  it("stops trying, after one line in the log, when the database user may not merge the index", async () => {
    const { database, merges } = heldDatabase();
    const warn = vi.fn();
    const upkeep = startSearchUpkeep(database, { warn }, SEARCH_UPKEEP_MS);
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS);
    merges[0]?.reject(Object.assign(new Error("must be owner of index messages_search_idx"), { code: "42501" }));
    await settle();
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS * 5);
    expect(merges).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith({ err: expect.any(Error) }, expect.stringContaining("cannot be merged"));
    await upkeep.stop();
  });

  it("stops merging, and its stop waits for the merge under way", async () => {
    const { database, merges } = heldDatabase();
    const upkeep = startSearchUpkeep(database, { warn: vi.fn() }, SEARCH_UPKEEP_MS);
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS);
    let stopped = false;
    const stopping = upkeep.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    merges[0]?.resolve([{ pages: 3 }]);
    await stopping;
    vi.advanceTimersByTime(SEARCH_UPKEEP_MS * 5);
    expect(merges).toHaveLength(1);
  });
});
