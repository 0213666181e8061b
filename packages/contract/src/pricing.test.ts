import { describe, expect, it } from "vitest";
import { daysInMonth, priceMonth } from "./pricing";

describe("priceMonth", () => {
  it("bills overage by tier and DAU, then applies the average-DAU cap (hand-computed, KRW)", () => {
    const price = priceMonth({
      currency: "KRW",
      messages: 12_000_000,
      cumulativeDau: 90_000,
      daysInService: 31,
      daysInMonth: 31,
    });
    expect(price.lines.map((line) => [line.kind, line.quantity, line.amount])).toEqual([
      ["base", 31, 290_000],
      ["messages", 9_000_000, 9_000_000],
      ["messages", 2_000_000, 1_600_000],
      ["dau", 30_000, 150_000],
    ]);
    expect(price.subtotal).toBe(11_040_000);
    // 90,000 / 31 days x 200 won = 580,645.16
    expect(price.cap).toBe(580_645);
    expect(price.capApplied).toBe(true);
    expect(price.fee).toBe(580_645);
    expect(price.vat).toBe(58_065);
    expect(price.total).toBe(638_710);
  });

  it("charges the uncapped sum when the cap is higher (hand-computed, USD cents)", () => {
    const price = priceMonth({
      currency: "USD",
      messages: 3_000_000,
      cumulativeDau: 1_500_000,
      daysInService: 30,
      daysInMonth: 30,
    });
    // $299 + 2M x $0.001 + 1,440,000 x $0.005 = $9,499.00; cap 50,000 avg DAU x $0.20 = $10,000.
    expect(price.subtotal).toBe(949_900);
    expect(price.cap).toBe(1_000_000);
    expect(price.capApplied).toBe(false);
    expect(price.vat).toBe(94_990);
    expect(price.total).toBe(1_044_890);
  });

  it("prorates the base fee, the inclusions and the cap by day", () => {
    const price = priceMonth({
      currency: "KRW",
      messages: 250_000,
      cumulativeDau: 600,
      daysInService: 6,
      daysInMonth: 30,
    });
    expect(price.included).toEqual({ messages: 200_000, cumulativeDau: 12_000 });
    expect(price.lines.map((line) => [line.kind, line.quantity, line.amount])).toEqual([
      ["base", 6, 58_000],
      ["messages", 50_000, 50_000],
    ]);
    // The cap (600 x 200 / 30 = 4,000) never goes below the prorated base fee.
    expect(price.cap).toBe(58_000);
    expect(price.fee).toBe(58_000);
    expect(price.total).toBe(63_800);
  });

  it("prices all three message tiers above 100M", () => {
    const price = priceMonth({
      currency: "KRW",
      messages: 150_000_000,
      cumulativeDau: 31_000_000,
      daysInService: 31,
      daysInMonth: 31,
    });
    expect(price.lines.filter((line) => line.kind === "messages").map((line) => [line.quantity, line.amount])).toEqual([
      [9_000_000, 9_000_000],
      [90_000_000, 72_000_000],
      [50_000_000, 30_000_000],
    ]);
    expect(price.lines.at(-1)).toMatchObject({ kind: "dau", quantity: 30_940_000, amount: 154_700_000 });
    expect(price.subtotal).toBe(265_990_000);
    expect(price.fee).toBe(200_000_000);
    expect(price.vat).toBe(20_000_000);
  });

  it("charges only the base fee within the inclusions and rounds sub-cent lines half up", () => {
    const quiet = priceMonth({ currency: "USD", messages: 10, cumulativeDau: 3, daysInService: 30, daysInMonth: 30 });
    expect(quiet.fee).toBe(29_900);
    expect(quiet.lines).toHaveLength(1);
    const justOver = priceMonth({
      currency: "USD",
      messages: 1_000_005,
      cumulativeDau: 0,
      daysInService: 30,
      daysInMonth: 30,
    });
    // 5 x 0.1 cent = 0.5 cent, rounded half up.
    expect(justOver.lines[1]).toMatchObject({ quantity: 5, amount: 1 });
    expect(justOver.fee).toBe(29_900);
  });

  it("counts the days of each month, leap years included", () => {
    expect([daysInMonth(2026, 2), daysInMonth(2028, 2), daysInMonth(2026, 12), daysInMonth(2026, 4)]).toEqual([
      28, 29, 31, 30,
    ]);
  });
});
