import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { failureReason } from "./events";

describe("failureReason", () => {
  it("prefers the reason the server put in data", () => {
    expect(failureReason(new ApiError("3044", "Receiver answered 500", 502, { reason: "connect ECONNREFUSED" }))).toBe(
      "connect ECONNREFUSED",
    );
  });

  it("takes the message when it is not the catalogue's own description", () => {
    expect(failureReason(new ApiError("3044", "The receiver answered HTTP 500", 502))).toBe(
      "The receiver answered HTTP 500",
    );
  });

  it("has no reason when the message only restates the code", () => {
    expect(
      failureReason(new ApiError("3044", "The webhook test send failed; the reason is in the message.", 502)),
    ).toBeNull();
    expect(failureReason(new Error("boom"))).toBeNull();
  });
});
