import { z } from "zod";
import { zEmail } from "./validation";

/** A report range is at most this many days, both ends included: a leap year, so any calendar year fits. */
export const METRICS_MAX_RANGE_DAYS = 366;
/** Addresses that may receive an account's daily usage report. */
export const REPORT_EMAILS_MAX = 10;

/** Validation keys of the report forms, localized by the web app like those of `V`. */
export const VMetrics = {
  date: "VALIDATION_DATE",
  dateOrder: "VALIDATION_DATE_ORDER",
  dateRange: "VALIDATION_DATE_RANGE",
  emailCount: "VALIDATION_EMAIL_COUNT",
} as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day `YYYY-MM-DD` (UTC) that exists: `2026-02-30` is refused, not rolled over. */
export const zIsoDay = z.string().refine((value) => {
  if (!ISO_DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}, VMetrics.date);

/** Days from `from` to `to`, both included. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * `from` and `to` (inclusive) of a report. Both are optional: the server fills the current month to date.
 * When both are given they must be in order and span at most {@link METRICS_MAX_RANGE_DAYS} days.
 */
export const zMetricsRangeQuery = z
  .object({ from: zIsoDay.optional(), to: zIsoDay.optional() })
  .superRefine((range, ctx) => {
    if (!range.from || !range.to) return;
    const days = daysInRange(range.from, range.to);
    if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: VMetrics.dateOrder });
    else if (days > METRICS_MAX_RANGE_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: VMetrics.dateRange });
  });
export type TMetricsRangeQuery = z.infer<typeof zMetricsRangeQuery>;

export const zMetricsAppParams = z.object({ appId: z.string().uuid() });

/**
 * The three counters of spec section 3, summed over a range or read for one day, and the chat activity counted
 * beside them: reactions added, thread replies sent and call minutes. A reaction is not a message and is never billed;
 * a reply is a message, counted (and billed) once in `messageCount` and shown again in `replyCount`; calls are not
 * billed.
 */
export const zMetricsCounts = z.object({
  activeUserCount: z.number().int(),
  messageCount: z.number().int(),
  messageSenderCount: z.number().int(),
  reactionCount: z.number().int(),
  replyCount: z.number().int(),
  /** Minutes of the calls that ended that day, each call rounded up to the minute; not billed. */
  callMinutes: z.number().int(),
});
export type TMetricsCounts = z.infer<typeof zMetricsCounts>;

/** `GET metrics/apps`: one row per app of the caller, totals over the range. */
export const zAppMetricsTotals = zMetricsCounts.extend({ appId: z.string(), name: z.string() });
export type TAppMetricsTotals = z.infer<typeof zAppMetricsTotals>;
export const zAppsMetricsResponse = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(zAppMetricsTotals),
});
export type TAppsMetricsResponse = z.infer<typeof zAppsMetricsResponse>;

/** One day of an app. Days without activity are present with zeros, so a chart never skips a day. */
export const zDailyMetrics = zMetricsCounts.extend({ date: z.string() });
export type TDailyMetrics = z.infer<typeof zDailyMetrics>;
export const zAppMetricsResponse = z.object({
  from: z.string(),
  to: z.string(),
  data: z.array(zDailyMetrics),
  totals: zMetricsCounts,
});
export type TAppMetricsResponse = z.infer<typeof zAppMetricsResponse>;

/** The addresses that receive the account's daily usage report mail. */
export const zReportEmails = z.object({
  emails: z
    .array(zEmail)
    .transform((emails) => [...new Set(emails)])
    .pipe(z.array(z.string()).max(REPORT_EMAILS_MAX, VMetrics.emailCount)),
});
export type TReportEmails = z.infer<typeof zReportEmails>;
export const zReportEmailsResponse = z.object({ emails: z.array(z.string()) });
export type TReportEmailsInput = z.input<typeof zReportEmails>;

/** The counters billing reads, in the order the report shows them. */
export const usageMetricKeys = ["messageCount", "messageSenderCount", "activeUserCount"] as const;
/** Chat activity counted per day for the report, never billed. */
export const activityMetricKeys = ["reactionCount", "replyCount", "callMinutes"] as const;
/** Every metric, in the order the report, its table and the CSV show them. */
export const metricKeys = [...usageMetricKeys, ...activityMetricKeys] as const;
export type TMetricKey = (typeof metricKeys)[number];
