import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-client";
import { logLoadFailure } from "./load-failure";

describe("logLoadFailure", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("logs a load cut by the browser going offline as information, and any other failure as a warning", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const offline = new ApiError("002", "offline", 0, { reason: "offline" });
    const timedOut = new ApiError("002", "timeout", 0, { reason: "timeout" });
    const refused = new ApiError("3003", "no access", 403);
    for (const error of [offline, timedOut, refused]) logLoadFailure("Could not load the app list", error);
    expect(info.mock.calls).toEqual([["Could not load the app list", offline]]);
    expect(warn.mock.calls).toEqual([
      ["Could not load the app list", timedOut],
      ["Could not load the app list", refused],
    ]);
  });
});
