import { z } from "zod";
import { defineJob } from "./runtime";

export const sendMailJob = defineJob({
  name: "mail.send",
  payload: z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string() }),
  retryLimit: 8,
});

/** Daily at 03:17 UTC, off the hour so it does not meet other operators' cron storms. */
export const purgeUnverifiedAccountsJob = defineJob({
  name: "accounts.purge-unverified",
  payload: z.object({}).passthrough(),
  schedule: "17 3 * * *",
});

/** Daily at 04:23 UTC: uploads older than the retention period are removed. */
export const expireFilesJob = defineJob({
  name: "files.expire",
  payload: z.object({}).passthrough(),
  schedule: "23 4 * * *",
});

/**
 * Daily at 00:05 UTC, once the UTC day it reports on is complete: mails yesterday's per-app figures to each
 * account's report addresses. `day` (YYYY-MM-DD) overrides "yesterday" for a manual re-run of a missed day.
 */
export const dailyUsageReportJob = defineJob({
  name: "metrics.daily-report",
  payload: z
    .object({
      day: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/)
        .optional(),
    })
    .passthrough(),
  schedule: "5 0 * * *",
});

/**
 * Every minute: hands on chat events a crashed process stored for the integrations but did not dispatch. The
 * normal path dispatches right after each commit.
 */
export const dispatchEventsJob = defineJob({
  name: "events.dispatch",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
});
