import { WEBHOOK_RETRY_DELAYS_SECONDS } from "@parley/contract";

/** The statuses whose `Retry-After` is honoured: RFC 9110 gives it to 503, RFC 6585 to 429. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/** The whole retry schedule, from a delivery's creation to its last retry: about three days. */
export const RETRY_SCHEDULE_SECONDS = WEBHOOK_RETRY_DELAYS_SECONDS.reduce((sum, delay) => sum + delay, 0);

/** An HTTP-date in any of the three forms RFC 9110 makes recipients accept: all name a weekday and a time. */
const HTTP_DATE = /^[A-Za-z]{3,9},? [\w ,-]+ \d{2}:\d{2}:\d{2}( GMT)?( \d{4})?$/;

/** The seconds a `Retry-After` value asks for, from delay-seconds or an HTTP-date; null when it is neither. */
export function retryAfterSeconds(value: string | null, now: Date): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return Number(text);
  if (!HTTP_DATE.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/**
 * Seconds to wait after a failed attempt (`attemptCount` counts it), or undefined when no retry is left. A 429 or
 * 503 that says when to come back with `Retry-After` is retried no sooner, but no later than the end of the
 * schedule, counted from the delivery's creation: a receiver cannot park a delivery for longer than the retries it
 * replaces would have lasted. The schedule's own delay is never shortened.
 */
export function retryDelaySeconds(attempt: {
  attemptCount: number;
  httpStatus: number | null;
  retryAfter: string | null;
  createdAt: Date;
  now: Date;
}): number | undefined {
  const scheduled = WEBHOOK_RETRY_DELAYS_SECONDS[attempt.attemptCount - 1];
  if (scheduled === undefined) return undefined;
  if (attempt.httpStatus === null || !RETRY_AFTER_STATUSES.has(attempt.httpStatus)) return scheduled;
  const asked = retryAfterSeconds(attempt.retryAfter, attempt.now);
  if (asked === null) return scheduled;
  const untilEnd = Math.floor(
    (attempt.createdAt.getTime() + RETRY_SCHEDULE_SECONDS * 1000 - attempt.now.getTime()) / 1000,
  );
  return Math.max(scheduled, Math.min(asked, untilEnd));
}
