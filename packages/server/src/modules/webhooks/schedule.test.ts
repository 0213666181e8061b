import { WEBHOOK_RETRY_DELAYS_SECONDS } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { RETRY_SCHEDULE_SECONDS, retryAfterSeconds, retryDelaySeconds } from "./schedule";

const now = new Date("2026-03-02T09:00:00Z");

describe("Retry-After", () => {
  it("reads delay-seconds and the three HTTP-date forms", () => {
    expect(retryAfterSeconds("120", now)).toBe(120);
    expect(retryAfterSeconds(" 0 ", now)).toBe(0);
    expect(retryAfterSeconds("Mon, 02 Mar 2026 09:05:00 GMT", now)).toBe(300);
    expect(retryAfterSeconds("Monday, 02-Mar-26 09:01:00 GMT", now)).toBe(60);
    expect(retryAfterSeconds("Mon Mar  2 09:00:30 2026", now)).toBe(30);
  });

  it("counts a date in the past as now, and ignores what is neither form", () => {
    expect(retryAfterSeconds("Mon, 02 Mar 2026 08:00:00 GMT", now)).toBe(0);
    for (const value of [null, "", "-5", "1.5", "soon", "2026-03-02T09:05:00Z"]) {
      expect(retryAfterSeconds(value, now)).toBeNull();
    }
  });
});

describe("webhook retry delay", () => {
  const attempt = (overrides: Partial<Parameters<typeof retryDelaySeconds>[0]>) =>
    retryDelaySeconds({ attemptCount: 1, httpStatus: 500, retryAfter: null, createdAt: now, now, ...overrides });

  it("follows the schedule, 5 seconds first, and stops after the last retry", () => {
    expect(attempt({})).toBe(5);
    expect(WEBHOOK_RETRY_DELAYS_SECONDS.map((_, i) => attempt({ attemptCount: i + 1 }))).toEqual([
      ...WEBHOOK_RETRY_DELAYS_SECONDS,
    ]);
    expect(attempt({ attemptCount: WEBHOOK_RETRY_DELAYS_SECONDS.length + 1 })).toBeUndefined();
  });

  it.each([429, 503])("waits as long as a %i's Retry-After asks when that is longer", (httpStatus) => {
    expect(attempt({ httpStatus, retryAfter: "120" })).toBe(120);
    expect(attempt({ httpStatus, retryAfter: "Mon, 02 Mar 2026 09:10:00 GMT" })).toBe(600);
  });

  it("never retries sooner than the schedule, whatever Retry-After says", () => {
    expect(attempt({ httpStatus: 429, retryAfter: "1" })).toBe(5);
    expect(attempt({ attemptCount: 2, httpStatus: 503, retryAfter: "60" })).toBe(300);
  });

  it("ignores Retry-After on other statuses", () => {
    expect(attempt({ httpStatus: 500, retryAfter: "120" })).toBe(5);
    expect(attempt({ httpStatus: null, retryAfter: "120" })).toBe(5);
  });

  it("caps Retry-After at the end of the schedule, counted from the delivery's creation", () => {
    expect(attempt({ httpStatus: 429, retryAfter: String(30 * 86_400) })).toBe(RETRY_SCHEDULE_SECONDS);
    const later = new Date(now.getTime() + 86_400_000);
    expect(attempt({ attemptCount: 4, httpStatus: 429, retryAfter: "999999", now: later })).toBe(
      RETRY_SCHEDULE_SECONDS - 86_400,
    );
  });
});
