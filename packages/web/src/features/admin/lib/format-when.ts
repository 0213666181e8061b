import type { useFormat } from "@/hooks/use-format";

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;
const YEAR_MONTH = /^\d{4}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

type Format = ReturnType<typeof useFormat>;

/** A calendar day (`2026-03-05`) as that day everywhere; an instant in the viewer's time zone with its time. */
export function formatWhen(format: Format, value: string): string {
  return CALENDAR_DAY.test(value) ? format.day(value) : format.dateTime(value);
}

/** A billed month (`2026-03`) in words; anything else as it came, since formatting an odd value would throw. */
export function formatMonth(format: Format, value: string): string {
  return YEAR_MONTH.test(value) ? format.month(value) : value;
}

export function isInstant(value: string): boolean {
  return INSTANT.test(value) && !Number.isNaN(Date.parse(value));
}
