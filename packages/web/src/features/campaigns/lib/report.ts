/** `2026-03-10` → `3/10`: report axes and rows show month/day without the year (product decision). */
export function monthDay(day: string): string {
  const [, month, date] = day.split("-");
  return `${Number(month)}/${Number(date)}`;
}
