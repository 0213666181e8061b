import { priceMonth } from "@parley/contract";
import { describe, expect, it } from "vitest";
import { currentBillingPeriod, estimateMonth } from "./billing-period";

describe("currentBillingPeriod", () => {
  it("covers the whole month for a plan that started earlier, elapsed up to today", () => {
    expect(currentBillingPeriod({ startDate: "2026-01-15", endDate: null }, "2026-02-10")).toEqual({
      period: { from: "2026-02-01", to: "2026-02-28" },
      elapsed: { from: "2026-02-01", to: "2026-02-10" },
      periodDays: 28,
      elapsedDays: 10,
      daysInMonth: 28,
    });
  });

  it("starts at the plan's first day when it began this month", () => {
    const billing = currentBillingPeriod({ startDate: "2026-03-20", endDate: null }, "2026-03-25");
    expect(billing?.period).toEqual({ from: "2026-03-20", to: "2026-03-31" });
    expect(billing?.elapsedDays).toBe(6);
  });

  it("has nothing to bill before the plan starts", () => {
    expect(currentBillingPeriod({ startDate: "2026-04-01", endDate: null }, "2026-03-25")).toBeNull();
  });
});

describe("estimateMonth", () => {
  it("prices the usage so far for the elapsed days and the pace-extended usage for the whole period", () => {
    const billing = currentBillingPeriod({ startDate: "2026-01-15", endDate: null }, "2026-03-10");
    if (!billing) throw new Error("expected a billing period");
    const estimate = estimateMonth("USD", { messages: 500_000, cumulativeDau: 30_000 }, billing);
    expect(estimate.forecastUsage).toEqual({ messages: 1_550_000, cumulativeDau: 93_000 });
    expect(estimate.forecast).toEqual(
      priceMonth({ currency: "USD", messages: 1_550_000, cumulativeDau: 93_000, daysInService: 31, daysInMonth: 31 }),
    );
    expect(estimate.soFar).toEqual(
      priceMonth({ currency: "USD", messages: 500_000, cumulativeDau: 30_000, daysInService: 10, daysInMonth: 31 }),
    );
  });
});
