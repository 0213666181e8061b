import { WEBHOOK_EVENTS } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { i18n } from "@/i18n";
import { ApiError } from "@/lib/api-client";
import { eventNameKey, failureReason } from "./events";

describe("eventNameKey", () => {
  it("names every event a webhook can subscribe to in Korean and in English", () => {
    for (const language of ["ko", "en"]) {
      const t = i18n.getFixedT(language);
      const unnamed = WEBHOOK_EVENTS.filter((event) => !i18n.exists(eventNameKey(event), { lng: language }));
      expect(unnamed, language).toEqual([]);
      expect(new Set(WEBHOOK_EVENTS.map((event) => t(eventNameKey(event)))).size).toBe(WEBHOOK_EVENTS.length);
    }
  });
});

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
