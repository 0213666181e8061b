import { daysInRange, METRICS_MAX_RANGE_DAYS } from "@parley/contract";

/** A report range, `YYYY-MM-DD` both ends included, in UTC days as the server counts them. */
export interface DayRange {
  from: string;
  to: string;
}

export const rangePresets = ["last7", "last30", "thisMonth"] as const;
export type RangePreset = (typeof rangePresets)[number];

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

export function todayUtc(now: Date = new Date()): string {
  return isoDay(now);
}

export function presetRange(preset: RangePreset, now: Date = new Date()): DayRange {
  const to = todayUtc(now);
  if (preset === "thisMonth") return { from: `${to.slice(0, 7)}-01`, to };
  const days = preset === "last7" ? 7 : 30;
  return { from: isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * DAY_MS)), to };
}

export function presetOf(range: DayRange, now: Date = new Date()): RangePreset | null {
  return (
    rangePresets.find((p) => {
      const candidate = presetRange(p, now);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the server will accept the range: real days, in order, at most a year. */
export function isValidRange(range: { from?: string | null; to?: string | null }): range is DayRange {
  if (!range.from || !range.to || !ISO_DAY.test(range.from) || !ISO_DAY.test(range.to)) return false;
  const days = daysInRange(range.from, range.to);
  return Number.isFinite(days) && days >= 1 && days <= METRICS_MAX_RANGE_DAYS;
}

/** `2026-03-10` → `3/10`: report axes and rows show month/day without the year (product decision). */
export function monthDay(day: string): string {
  const [, month, date] = day.split("-");
  return `${Number(month)}/${Number(date)}`;
}
