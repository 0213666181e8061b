import { LINK_PREVIEW_URL_MAX, TRANSLATION_LANGUAGES_MAX, zChatEvent } from "@parley/contract";
import { z } from "zod";
import { defineJob } from "./runtime";

export const sendMailJob = defineJob({
  name: "mail.send",
  payload: z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string(),
    replyTo: z.string().optional(),
  }),
  retryLimit: 8,
  batchSize: 10,
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
 * The thumbnails (and a video's poster) of a file too large to read within its upload, put on its message with a
 * `message.updated`. Idempotent: a file no longer pending is left alone, and every output has a fixed storage key.
 */
export const processMediaJob = defineJob({
  name: "files.process-media",
  payload: z.object({
    fileId: z.string().uuid(),
    appId: z.string().uuid(),
    channelId: z.string().uuid(),
    messageId: z.string().uuid(),
  }),
  retryLimit: 3,
});

/** Daily at 04:41 UTC: answers kept for `Idempotency-Key` replay are removed once past their day. */
export const expireIdempotencyKeysJob = defineJob({
  name: "idempotency.expire",
  payload: z.object({}).passthrough(),
  schedule: "41 4 * * *",
});

/** Daily at 04:53 UTC: audit entries older than a year are removed. */
export const pruneAuditLogJob = defineJob({
  name: "audit.prune",
  payload: z.object({}).passthrough(),
  schedule: "53 4 * * *",
});

/**
 * Daily at 05:11 UTC: chat events older than EVENT_RETENTION_DAYS are removed in batches, and each app's horizon (the
 * highest id removed) moves up, so an older catch-up cursor answers 3140.
 */
export const pruneEventsJob = defineJob({
  name: "events.prune",
  payload: z.object({}).passthrough(),
  schedule: "11 5 * * *",
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

/**
 * One attempt of a webhook delivery. The delivery row decides whether an attempt is due, so a duplicated or early
 * job does nothing; failures of the receiver are retried by the row's schedule, not by the job queue. Ten attempts run
 * side by side, each on its own worker, so a receiver that hangs for the whole 15-second time-out delays no other
 * delivery (in one batch of ten it held back every retry fetched after it).
 */
export const deliverWebhookJob = defineJob({
  name: "webhooks.deliver",
  payload: z.object({ deliveryId: z.string().min(1).max(100) }),
  concurrency: 10,
});

/** Every 5 minutes: enqueues webhook deliveries whose job was lost, e.g. to a crash right after they were stored. */
export const sweepWebhooksJob = defineJob({
  name: "webhooks.sweep",
  payload: z.object({}).passthrough(),
  schedule: "*/5 * * * *",
});

/**
 * Pushes one chat event to the members not connected. The attempts it logs, one per event and device, keep a
 * repeated job from notifying a device twice; FCM's failures are logged, not retried, and APNs' 429 and 5xx are
 * retried by `push.retry`.
 */
export const pushEventJob = defineJob({
  name: "push.event",
  payload: z.object({ appId: z.string().uuid(), event: zChatEvent }),
  retryLimit: 3,
  batchSize: 10,
});

/**
 * Sends one push attempt again, after the back-off its transient failure called for (APNs' 429 or 5xx, or no
 * answer). Sent with `startAfter`; the attempt's `retrying` status, taken in one statement, keeps a repeated job from
 * sending twice. The notification's sound, badge and data ride along, as the attempt row keeps only its texts.
 */
export const pushRetryJob = defineJob({
  name: "push.retry",
  payload: z.object({
    appId: z.string().uuid(),
    attemptId: z.string().regex(/^\d{1,19}$/),
    /** Which retry this is, from 1. */
    retry: z.number().int().min(1),
    sound: z.string(),
    badge: z.number().int().nullable(),
    data: z.record(z.string(), z.string()),
  }),
  retryLimit: 2,
  batchSize: 10,
});

/**
 * Translates a message sent with `translationLanguages` and tells its readers with `message.updated`. Languages
 * already in the cache are not asked again, so a repeated job costs Google nothing; a language Google fails on is
 * logged and left out rather than retried, since the message was delivered long before a retry could help.
 */
export const translateSentMessageJob = defineJob({
  name: "translation.sent-message",
  payload: z.object({
    appId: z.string().uuid(),
    channelId: z.string().uuid(),
    messageId: z.string().uuid(),
    languages: z.array(z.string().min(1).max(20)).min(1).max(TRANSLATION_LANGUAGES_MAX),
    visibleTo: z.array(z.string()).optional(),
    /** After an edit: the cache holds translations of the old text, so each language is asked again. */
    fresh: z.boolean().optional(),
  }),
  retryLimit: 0,
  batchSize: 10,
});

/**
 * Fetches the page a message links to (or takes it from the cache) and puts its preview on the message with a
 * `message.updated`. Not retried: a page that failed is cached as such, and a retry would come long after the message.
 */
export const fetchLinkPreviewJob = defineJob({
  name: "link-previews.fetch",
  payload: z.object({
    appId: z.string().uuid(),
    channelId: z.string().uuid(),
    messageId: z.string().uuid(),
    url: z.string().min(1).max(LINK_PREVIEW_URL_MAX),
  }),
  retryLimit: 0,
  batchSize: 10,
});

/** Daily at 04:47 UTC: cached link previews past their time are removed; a page linked again is fetched again. */
export const sweepLinkPreviewsJob = defineJob({
  name: "link-previews.sweep",
  payload: z.object({}).passthrough(),
  schedule: "47 4 * * *",
});

/**
 * Daily at 00:35 UTC, once yesterday's counters are complete: invoices every month that is due (the 5th of the next
 * month, and any missed day since) and charges or retries unpaid invoices. Keys in the database make re-runs
 * no-ops, so the job queue may retry it freely.
 */
export const billingDailyJob = defineJob({
  name: "billing.daily",
  payload: z.object({}).passthrough(),
  schedule: "35 0 * * *",
});

/**
 * Runs one bulk message's send or deletion to its end. The campaign's lease, not the job queue, decides who works on
 * it, so a duplicated job returns at once.
 */
export const runCampaignJob = defineJob({
  name: "notice.campaign-run",
  payload: z.object({ campaignId: z.string().uuid() }),
  retryLimit: 3,
});

/**
 * Every minute and when a process starts: starts scheduled bulk messages that are due, and takes over sends and
 * deletions whose process died (their lease lapsed). A send confirmed for now starts at once without waiting for this.
 */
export const dueCampaignsJob = defineJob({
  name: "notice.campaigns-due",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
  runsAtStart: true,
});

/**
 * Every minute: merges each split super group's subchannels that have held fewer members than the channel's
 * minimum for its merge time. The merge time is in minutes, so a minute's granularity is what it can mean.
 */
export const mergeSubchannelsJob = defineJob({
  name: "channels.merge-subchannels",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
});

/**
 * Tells a callee with no socket open that a call rings. The call row is marked before the push is sent, so a
 * repeated job pushes nothing more.
 */
export const callPushJob = defineJob({
  name: "calls.push-incoming",
  payload: z.object({ callId: z.string().uuid() }),
  retryLimit: 2,
  batchSize: 10,
});

/** Sent with each call, due when it has rung CALL_RING_SECONDS: a call still ringing then is missed. */
export const callRingTimeoutJob = defineJob({
  name: "calls.ring-timeout",
  payload: z.object({ callId: z.string().uuid() }),
  retryLimit: 3,
  batchSize: 10,
});

/**
 * Every minute: misses the calls that rang past their time and whose own timeout job was lost (a crash between the
 * call's start and the job's insert), and ends the accepted calls whose parties both left without hanging up, so no
 * call keeps its parties busy forever.
 */
export const sweepCallsJob = defineJob({
  name: "calls.sweep",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
});

/**
 * One run of a data export. The export's lease, not the job queue, decides who works on it, so a duplicated job
 * returns at once; a run that fails gives the lease up for the sweep to start another.
 */
export const runExportJob = defineJob({
  name: "exports.run",
  payload: z.object({ exportId: z.string().uuid() }),
  retryLimit: 0,
});

/**
 * Every minute and when a process starts: starts data exports whose run died (their lease lapsed) or failed, and
 * removes archives past their day from storage.
 */
export const sweepExportsJob = defineJob({
  name: "exports.sweep",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
  runsAtStart: true,
});

/**
 * Reading an import's source and storing its plan. The import's lease decides who reads it, so a duplicated job
 * returns at once.
 */
export const analyzeImportJob = defineJob({
  name: "imports.analyze",
  payload: z.object({ importId: z.string().uuid() }),
  retryLimit: 0,
});

/** One run of a data import's writing, under the import's lease like an export's run. */
export const runImportJob = defineJob({
  name: "imports.run",
  payload: z.object({ importId: z.string().uuid() }),
  retryLimit: 0,
});

/**
 * Every minute and when a process starts: starts imports whose reading or writing died (their lease lapsed), and
 * removes what finished imports left in storage.
 */
export const sweepImportsJob = defineJob({
  name: "imports.sweep",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
  runsAtStart: true,
});

/**
 * Sends one scheduled message. Sent with each scheduled message (and again after an edit of its time), due at its
 * time; the message's own status decides whether a send is due, so an early, late or repeated job sends nothing
 * twice. The key of each is the message's ID with its time, so an edit's job waits beside the old one, which then
 * finds nothing due.
 */
export const sendScheduledMessageJob = defineJob({
  name: "messages.scheduled-send",
  payload: z.object({ scheduledMessageId: z.string().uuid() }),
  retryLimit: 5,
  batchSize: 10,
});

/**
 * Every minute and when a process starts: hands each scheduled message that is due, or whose send was claimed by a
 * process that died, a send job of its own, so a lost or early job delays a message by a minute at most.
 */
export const dueScheduledMessagesJob = defineJob({
  name: "messages.scheduled-due",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
  runsAtStart: true,
});

/**
 * Closes one poll at its closing time, sent with `startAfter` when the poll is created. Closing is conditional on the
 * poll's row, so a repeated job closes nothing twice; one that runs early sends itself again for what is left.
 */
export const closePollJob = defineJob({
  name: "polls.close",
  payload: z.object({ pollId: z.string().uuid() }),
  retryLimit: 5,
});

/** Every minute: closes polls past their closing time whose `polls.close` job was lost, e.g. to a crash. */
export const sweepPollsJob = defineJob({
  name: "polls.sweep",
  payload: z.object({}).passthrough(),
  schedule: "* * * * *",
});
