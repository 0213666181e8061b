/** A call's talk time as minutes and seconds, `m:ss` (75 s is 1:15, an hour and a half 90:00); "—" when none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return "—";
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The start-time range the server filters by, from the date inputs' calendar days (`YYYY-MM-DD`) in the viewer's
 * own time zone: from the start of `from` to the end of `to`, both days included. Null when `to` is before
 * `from`, which no call can match.
 */
export function startRangeOf(days: { from: string; to: string }): { from?: string; to?: string } | null {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const from = days.from ? startOf(days.from) : undefined;
  const to = days.to ? startOf(days.to) : undefined;
  if (to) to.setDate(to.getDate() + 1);
  if (from && to && from >= to) return null;
  return { from: from?.toISOString(), to: to?.toISOString() };
}
