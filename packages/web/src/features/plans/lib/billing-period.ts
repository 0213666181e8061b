import { type Currency, daysInMonth, daysInRange, type MonthPrice, priceMonth } from "@parley/contract";

/** Calendar days `YYYY-MM-DD` (UTC), both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

export interface BillingPeriod {
  /** The days of this month the plan is in service: what the month's invoice will cover. */
  period: DayRange;
  /** From the period's start to today: what the usage so far covers. */
  elapsed: DayRange;
  periodDays: number;
  elapsedDays: number;
  daysInMonth: number;
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The part of today's month (UTC) that a paid plan running from `startDate` to `endDate` covers, or null when it
 * covers no day up to today (it starts later, or ended before this month).
 */
export function currentBillingPeriod(
  paid: { startDate: string; endDate: string | null },
  today: string,
): BillingPeriod | null {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const monthDays = daysInMonth(year, month);
  const monthStart = `${today.slice(0, 7)}-01`;
  const monthEnd = `${today.slice(0, 7)}-${String(monthDays).padStart(2, "0")}`;
  // ISO days compare correctly as strings.
  const from = paid.startDate > monthStart ? paid.startDate : monthStart;
  const to = paid.endDate && paid.endDate < monthEnd ? paid.endDate : monthEnd;
  if (from > today || from > to) return null;
  const elapsedTo = today < to ? today : to;
  return {
    period: { from, to },
    elapsed: { from, to: elapsedTo },
    periodDays: daysInRange(from, to),
    elapsedDays: daysInRange(from, elapsedTo),
    daysInMonth: monthDays,
  };
}

export interface MonthUsageSoFar {
  messages: number;
  cumulativeDau: number;
}

export interface MonthEstimate {
  /** The month priced as if the plan ended today: base fee for the elapsed days plus overage so far. */
  soFar: MonthPrice;
  /** Usage so far extended to the whole period at the same daily pace. */
  forecastUsage: MonthUsageSoFar;
  forecast: MonthPrice;
}

/**
 * The fee so far and the month's forecast, both from the contract's `priceMonth`, the function the invoices use.
 * Today counts as an elapsed day although it is not over, so early in a day the forecast leans low rather than
 * projecting a few hours of traffic over a whole day.
 */
export function estimateMonth(currency: Currency, usage: MonthUsageSoFar, billing: BillingPeriod): MonthEstimate {
  const scale = billing.periodDays / billing.elapsedDays;
  const forecastUsage = {
    messages: Math.round(usage.messages * scale),
    cumulativeDau: Math.round(usage.cumulativeDau * scale),
  };
  return {
    soFar: priceMonth({ currency, ...usage, daysInService: billing.elapsedDays, daysInMonth: billing.daysInMonth }),
    forecastUsage,
    forecast: priceMonth({
      currency,
      ...forecastUsage,
      daysInService: billing.periodDays,
      daysInMonth: billing.daysInMonth,
    }),
  };
}
