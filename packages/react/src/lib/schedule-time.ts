/** The soonest a message may be scheduled, as the server holds it: a minute from now. */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;
/** The latest: 30 days from now. */
export const SCHEDULE_MAX_AHEAD_MS = 30 * 24 * 60 * 60_000;

const pad = (n: number) => String(n).padStart(2, "0");

/** A time as a `datetime-local` input holds it: `YYYY-MM-DDTHH:mm` in the device's zone. */
export function toLocalInput(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value read in the device's zone; null when empty or not a time. */
export function fromLocalInput(value: string): Date | null {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The bounds a time picker offers now, in whole minutes (the picker shows no seconds) inside the server's range. */
export function scheduleBounds(now = Date.now()): { min: string; max: string } {
  const earliest = Math.ceil((now + SCHEDULE_MIN_AHEAD_MS) / 60_000) * 60_000;
  const latest = Math.floor((now + SCHEDULE_MAX_AHEAD_MS) / 60_000) * 60_000;
  return { min: toLocalInput(new Date(earliest)), max: toLocalInput(new Date(latest)) };
}

/** What the picker starts at: an hour from now, on a whole quarter hour. */
export function defaultScheduleTime(now = Date.now()): string {
  const quarter = 15 * 60_000;
  return toLocalInput(new Date(Math.ceil((now + 60 * 60_000) / quarter) * quarter));
}

/** A scheduled time in the reader's language, with its date: "Dec 5, 2026, 9:00 AM" or "2026. 12. 5. 오전 9:00". */
export function formatScheduledAt(iso: string, language: string): string {
  return new Date(iso).toLocaleString(language, { dateStyle: "medium", timeStyle: "short" });
}
