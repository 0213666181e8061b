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
