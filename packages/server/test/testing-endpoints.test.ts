import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OffsetClock } from "../src/clock";
import { startTestApp, type TestApp } from "./harness";

describe("testing endpoints", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it("are absent unless the operator turns them on (004)", async () => {
    const clock = await t.server.inject({ method: "PUT", url: "/api/testing/clock", payload: { now: null } });
    expect(clock.statusCode).toBe(404);
    expect(clock.json().code).toBe("004");
    const job = await t.server.inject({ method: "POST", url: "/api/testing/jobs/billing.daily" });
    expect(job.json().code).toBe("004");
    const notice = await t.server.inject({
      method: "PUT",
      url: "/api/testing/notice-feature",
      payload: { email: "someone@example.com", enabled: true },
    });
    expect(notice.json().code).toBe("004");
    const role = await t.server.inject({
      method: "PUT",
      url: "/api/testing/role",
      payload: { email: "someone@example.com", role: "admin" },
    });
    expect(role.json().code).toBe("004");
  });
});

describe("OffsetClock", () => {
  it("moves to a given time and back to the real time", () => {
    const clock = new OffsetClock();
    clock.set("2027-01-05T01:00:00.000Z");
    expect(Math.abs(clock.now().getTime() - Date.parse("2027-01-05T01:00:00.000Z"))).toBeLessThan(5_000);
    clock.set(null);
    expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(5_000);
  });
});
