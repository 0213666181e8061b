import { z } from "zod";
import { zMessage, zUserId } from "./chat";
import { REPORT_DESCRIPTION_MAX, REPORT_REASONS } from "./chat-constants";
import { zMuteMinutes } from "./validation";

/**
 * The report queue: end users report a message or a user through the chat API; the app's moderators see the open
 * reports in the dashboard grouped by what was reported (a "target") and resolve each target with one action.
 */

export const REPORT_TARGET_KINDS = ["message", "user"] as const;
export type TReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];
export const REPORT_STATUSES = ["open", "resolved"] as const;
export type TReportStatus = (typeof REPORT_STATUSES)[number];
/**
 * What resolves a target: `delete` the reported message, `mute` or `ban` the reported user in the channel of the
 * report, `deactivate` the user in the whole app, or `dismiss` (nothing done; a message hidden by reports comes back).
 */
export const REPORT_ACTIONS = ["delete", "mute", "ban", "deactivate", "dismiss"] as const;
export type TReportAction = (typeof REPORT_ACTIONS)[number];
/** Messages shown before and after a reported message, so the moderator reads it in its conversation. */
export const REPORT_CONTEXT_MESSAGES = 5;
/** The auto-hide threshold's bounds: a message is hidden from members after this many distinct reporters. */
export const REPORT_AUTO_HIDE_MIN = 1;
export const REPORT_AUTO_HIDE_MAX = 100;
/** Reports listed with a target in the queue; the target's page lists them all. */
export const REPORTS_SHOWN_PER_TARGET = 20;

export const zReportReason = z.enum(REPORT_REASONS);

export const zReportRequest = z.object({
  reason: zReportReason,
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX).optional(),
});
export type TReportRequest = z.infer<typeof zReportRequest>;
export type TReportRequestInput = z.input<typeof zReportRequest>;
/** A user is reported with the channel where it happened, when there is one, so a moderator can mute or ban there. */
export const zUserReportRequest = zReportRequest.extend({ channelId: z.string().uuid().optional() });
export type TUserReportRequestInput = z.input<typeof zUserReportRequest>;

/** One report as its reporter made it. */
export const zReport = z.object({
  id: z.string(),
  targetId: z.string(),
  reporterId: z.string(),
  reason: zReportReason,
  description: z.string().nullable(),
  createdAt: z.string(),
});
export type TReport = z.infer<typeof zReport>;
/** The chat API's answer: the caller's own report (a second report of the same target gives back the first). */
export const zReportResponse = z.object({ report: zReport });
export type TReportResponse = z.infer<typeof zReportResponse>;

export const zReportResolution = z.object({
  action: z.enum(REPORT_ACTIONS),
  minutes: z.number().int().nullable(),
  note: z.string().nullable(),
  resolvedAt: z.string(),
  /** The dashboard account's email, or an admin's. */
  resolvedBy: z.string(),
});
export type TReportResolution = z.infer<typeof zReportResolution>;

/** What was reported, with every report of it counted. */
export const zReportTarget = z.object({
  id: z.string(),
  kind: z.enum(REPORT_TARGET_KINDS),
  status: z.enum(REPORT_STATUSES),
  channelId: z.string().nullable(),
  channelName: z.string().nullable(),
  messageId: z.string().nullable(),
  /** The reported user: the message's sender, or the user reported. */
  userId: z.string(),
  userNickname: z.string().nullable(),
  /** The message as it was when first reported: it stays readable here after its sender deletes it. */
  message: zMessage.nullable(),
  /** Distinct reporters. */
  reportCount: z.number().int(),
  reasons: z.array(z.object({ reason: zReportReason, count: z.number().int() })),
  /** Hidden from members because it reached the app's auto-hide threshold. */
  hidden: z.boolean(),
  firstReportedAt: z.string(),
  lastReportedAt: z.string(),
  resolution: zReportResolution.nullable(),
});
export type TReportTarget = z.infer<typeof zReportTarget>;

export const zReportEntry = zReport.extend({ reporterNickname: z.string().nullable() });
export type TReportEntry = z.infer<typeof zReportEntry>;

export const zReportTargetsQuery = z.object({
  status: z.enum(REPORT_STATUSES).default("open"),
  kind: z.enum(REPORT_TARGET_KINDS).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TReportTargetsQuery = z.infer<typeof zReportTargetsQuery>;
export const zReportQueueItem = zReportTarget.extend({ reports: z.array(zReportEntry) });
export type TReportQueueItem = z.infer<typeof zReportQueueItem>;
export const zReportTargetsPage = z.object({ targets: z.array(zReportQueueItem), nextCursor: z.string().nullable() });
export type TReportTargetsPage = z.infer<typeof zReportTargetsPage>;

export const zReportTargetParams = z.object({ id: z.string().uuid(), targetId: z.string().uuid() });
/** One target with all its reports and, for a message, the conversation around it. */
export const zReportTargetDetail = z.object({
  target: zReportQueueItem,
  context: z.array(zMessage),
});
export type TReportTargetDetail = z.infer<typeof zReportTargetDetail>;

export const zResolveReportRequest = z.object({
  action: z.enum(REPORT_ACTIONS),
  /** With `mute`: how long. */
  minutes: zMuteMinutes.optional(),
  note: z.string().trim().max(REPORT_DESCRIPTION_MAX).optional(),
});
export type TResolveReportRequest = z.infer<typeof zResolveReportRequest>;
export const zResolveReportResponse = z.object({ target: zReportTarget });

export const zReportSettings = z.object({
  /** Hide a message from members once this many distinct users reported it; null leaves every message shown. */
  autoHideAfter: z.number().int().min(REPORT_AUTO_HIDE_MIN).max(REPORT_AUTO_HIDE_MAX).nullable(),
});
export type TReportSettings = z.infer<typeof zReportSettings>;

export const zReportedUserParams = z.object({ userId: zUserId });

/** The dashboard's report queue paths, relative to `/api`. */
export const reportQueueApi = {
  targets: "/apps/:id/reports",
  settings: "/apps/:id/reports/settings",
  target: "/apps/:id/reports/:targetId",
  resolve: "/apps/:id/reports/:targetId/resolve",
} as const;

/** The body of a `report.created` webhook delivery: the report and its target as the queue shows it. */
export const zReportWebhookPayload = z.object({
  type: z.literal("report.created"),
  timestamp: z.string(),
  data: z.object({ appId: z.string(), report: zReport, target: zReportTarget }),
});
export type TReportWebhookPayload = z.infer<typeof zReportWebhookPayload>;
