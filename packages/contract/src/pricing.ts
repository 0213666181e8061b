import type { Currency } from "./constants";

/**
 * The paid plan and its price list (decision 0030 in docs/decisions/). Every figure the product shows or
 * charges comes from {@link priceMonth}: the invoices, the overview's forecast and the pricing page's calculator.
 *
 * Money is computed in integers: amounts are in the currency's minor unit (won for KRW, cents for USD), and unit
 * prices in thousandths of it, so 0.0008 USD a message is exactly 80 and no float ever rounds a bill.
 */
export const PAID_PLAN_TYPE = "PlanC";

/** The monthly base fee in minor units: 290,000 won, 299.00 USD. */
export const BASE_FEE: Record<Currency, number> = { KRW: 290_000, USD: 29_900 };
/** What the base fee includes each month (not carried over). */
export const INCLUDED_MESSAGES = 1_000_000;
export const INCLUDED_CUMULATIVE_DAU = 60_000;

/** Per-message prices by the month's total message count, in thousandths of a minor unit. */
export const MESSAGE_TIERS: readonly { upTo: number; price: Record<Currency, number> }[] = [
  { upTo: 10_000_000, price: { KRW: 1_000, USD: 100 } },
  { upTo: 100_000_000, price: { KRW: 800, USD: 80 } },
  { upTo: Number.POSITIVE_INFINITY, price: { KRW: 600, USD: 60 } },
];
/** Per cumulative daily active user above the included ones: 5 won, 0.005 USD. */
export const DAU_OVERAGE_PRICE: Record<Currency, number> = { KRW: 5_000, USD: 500 };
/** The cap: a month never costs more than the average daily DAU times this (200 won, 0.20 USD). */
export const DAU_CAP_PRICE: Record<Currency, number> = { KRW: 200_000, USD: 20_000 };
export const VAT_PERCENT = 10;

export const MINOR_UNITS_PER_MAJOR: Record<Currency, number> = { KRW: 1, USD: 100 };

export interface MonthUsage {
  currency: Currency;
  /** Messages sent in the billed days. */
  messages: number;
  /** The sum over the billed days of each day's active users. */
  cumulativeDau: number;
  /** Days of the month the plan was in service, 1 to `daysInMonth`. */
  daysInService: number;
  daysInMonth: number;
}

export interface PriceLine {
  kind: "base" | "messages" | "dau";
  /** Units billed on this line (days for the base fee). */
  quantity: number;
  /** Thousandths of a minor unit per unit; for the base line, the full month's fee in minor units. */
  unitPrice: number;
  /** For message lines: the tier's range of the month's total count. */
  tier?: { from: number; upTo: number | null };
  amount: number;
}

export interface MonthPrice {
  currency: Currency;
  lines: PriceLine[];
  /** What is included after proration. */
  included: { messages: number; cumulativeDau: number };
  /** Base fee plus overage, before the cap. */
  subtotal: number;
  /** The ceiling from the average daily DAU (prorated), never below the base fee. */
  cap: number;
  capApplied: boolean;
  /** The fee before VAT. */
  fee: number;
  vat: number;
  total: number;
}

/** Round half up of a non-negative ratio of integers, without floating-point error. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * Prices one calendar month of the paid plan.
 *
 * A month the plan covers only in part pays the base fee by day, and the included messages, included DAU and the
 * cap shrink by the same fraction, so a customer who starts on the 25th neither gets a month of messages for six
 * days' fee nor has six days of traffic capped as if it were a month. Message overage is priced by the tier the
 * month's running total is in: with 12M messages, 1M is included, 9M cost the first tier's price and 2M the second's.
 */
export function priceMonth(usage: MonthUsage): MonthPrice {
  const { currency, daysInMonth } = usage;
  const days = Math.min(Math.max(Math.trunc(usage.daysInService), 0), daysInMonth);
  const messages = Math.max(Math.trunc(usage.messages), 0);
  const cumulativeDau = Math.max(Math.trunc(usage.cumulativeDau), 0);

  const base = divideRounded(BASE_FEE[currency] * days, daysInMonth);
  const includedMessages = divideRounded(INCLUDED_MESSAGES * days, daysInMonth);
  const includedDau = divideRounded(INCLUDED_CUMULATIVE_DAU * days, daysInMonth);
  const lines: PriceLine[] = [{ kind: "base", quantity: days, unitPrice: BASE_FEE[currency], amount: base }];

  let tierStart = includedMessages;
  for (const tier of MESSAGE_TIERS) {
    const upper = Math.min(messages, tier.upTo);
    if (upper > tierStart) {
      const quantity = upper - tierStart;
      lines.push({
        kind: "messages",
        quantity,
        unitPrice: tier.price[currency],
        tier: { from: tierStart, upTo: Number.isFinite(tier.upTo) ? tier.upTo : null },
        amount: divideRounded(quantity * tier.price[currency], 1000),
      });
    }
    tierStart = Math.max(tierStart, tier.upTo);
    if (tierStart >= messages) break;
  }

  const extraDau = Math.max(cumulativeDau - includedDau, 0);
  if (extraDau > 0) {
    lines.push({
      kind: "dau",
      quantity: extraDau,
      unitPrice: DAU_OVERAGE_PRICE[currency],
      amount: divideRounded(extraDau * DAU_OVERAGE_PRICE[currency], 1000),
    });
  }

  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  // Average daily DAU x cap price x (days / daysInMonth) = cumulative DAU x cap price / daysInMonth.
  const cap = Math.max(base, divideRounded(cumulativeDau * DAU_CAP_PRICE[currency], 1000 * daysInMonth));
  const fee = Math.min(subtotal, cap);
  const vat = divideRounded(fee * VAT_PERCENT, 100);
  return {
    currency,
    lines,
    included: { messages: includedMessages, cumulativeDau: includedDau },
    subtotal,
    cap,
    capApplied: fee < subtotal,
    fee,
    vat,
    total: fee + vat,
  };
}

/** Days in a calendar month (UTC), `month` 1 to 12. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
