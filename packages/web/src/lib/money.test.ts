import { describe, expect, it } from "vitest";
import { formatMoney, formatUnitPrice } from "./money";

describe("formatMoney", () => {
  it("shows won without decimals and dollars with their cents, from minor units", () => {
    expect(formatMoney(290_000, "KRW", "ko")).toBe("₩290,000");
    expect(formatMoney(29_900, "USD", "en")).toBe("$299.00");
    expect(formatMoney(32_890, "USD", "en")).toBe("$328.90");
  });
});

describe("formatUnitPrice", () => {
  it("keeps the decimals of a per-message price kept in thousandths of a minor unit", () => {
    expect(formatUnitPrice(800, "KRW", "ko")).toBe("₩0.8");
    expect(formatUnitPrice(80, "USD", "en")).toBe("$0.0008");
    expect(formatUnitPrice(200_000, "KRW", "ko")).toBe("₩200");
  });
});
