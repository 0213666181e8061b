import { z } from "zod";
import { zAppIdParams } from "./apps";
import { CAMPAIGN_REPORT_DAYS, MESSAGE_METADATA_MAX } from "./constants";
import { zDashboardPageQuery } from "./dashboard-chat";
import { hasVisibleText, V } from "./validation";

/**
 * Bulk messages (spec section 3, "Bulk message"): a brand's message to a list of the app's users, each delivered
 * in a one-to-one channel between the brand and that user, under `/api/apps/{id}/notice/campaigns/...`.
 */

export const CAMPAIGN_TITLE_MAX = 100;
/** Leaves room for the template variables, so the rendered message still fits a chat message (5,000 characters). */
export const CAMPAIGN_CONTENT_MAX = 4000;
export const CAMPAIGN_PUSH_TITLE_MAX = 100;
export const CAMPAIGN_PUSH_BODY_MAX = 500;
export const CAMPAIGN_METADATA_KEY_MAX = 64;
export const CAMPAIGN_METADATA_VALUE_MAX = 1000;
/** The recipient file: one user id per row; 500,000 rows of the longest ids still fit. */
export const CAMPAIGN_CSV_MAX_BYTES = 48 * 1024 * 1024;
export const CAMPAIGN_RECIPIENTS_MAX = 500_000;
/** The optional header of the recipient file's first column. */
export const CAMPAIGN_CSV_HEADER = "userId";

/**
 * The statuses of spec section 4, in the order a campaign usually passes them:
 * draft ("temporary save") → awaiting ("send await") → sending → sent, and from there deleting → deleted. A send
 * may be cancelled while awaiting or sending; a failed send or deletion can be retried.
 */
export const CAMPAIGN_STATUSES = [
  "draft",
  "awaiting",
  "sending",
  "sent",
  "cancelled",
  "send_failed",
  "deleting",
  "deleted",
  "delete_failed",
] as const;
export const zCampaignStatus = z.enum(CAMPAIGN_STATUSES);
export type TCampaignStatus = z.infer<typeof zCampaignStatus>;

/** What each action accepts; the server refuses the rest with 3057, the screens offer only these. */
export const CAMPAIGN_ACTIONS = {
  edit: ["draft"],
  discard: ["draft"],
  cancel: ["awaiting", "sending"],
  retrySend: ["send_failed"],
  deleteMessages: ["sent", "cancelled", "send_failed"],
  retryDelete: ["delete_failed"],
  resend: ["sent", "cancelled", "send_failed", "deleted", "delete_failed"],
} as const satisfies Record<string, readonly TCampaignStatus[]>;
export type TCampaignAction = keyof typeof CAMPAIGN_ACTIONS;

export function campaignAllows(action: TCampaignAction, status: TCampaignStatus): boolean {
  return (CAMPAIGN_ACTIONS[action] as readonly TCampaignStatus[]).includes(status);
}

/** The values a campaign's content and push text may name, as `{{name}}`, for each recipient. */
export const CAMPAIGN_TEMPLATE_VARIABLES = [
  "app.name",
  "brand.name",
  "brand.description",
  "brand.coverImageUrl",
  "user.name",
  "user.profileImageUrl",
] as const;
export type TCampaignTemplateVariable = (typeof CAMPAIGN_TEMPLATE_VARIABLES)[number];
export type TCampaignTemplateValues = Record<TCampaignTemplateVariable, string>;

/** Fills the template variables; an unknown `{{name}}` stays as written, so a typo shows in the preview. */
export function renderCampaignTemplate(template: string, values: TCampaignTemplateValues): string {
  return template.replace(/\{\{\s*([A-Za-z.]+)\s*\}\}/g, (whole, name: string) =>
    (CAMPAIGN_TEMPLATE_VARIABLES as readonly string[]).includes(name)
      ? values[name as TCampaignTemplateVariable]
      : whole,
  );
}

/** One metadata row of the form; a draft may hold rows still being typed, a send needs both halves. */
export const zCampaignMetadataEntry = z.object({
  key: z.string().trim().max(CAMPAIGN_METADATA_KEY_MAX, V.tooLong),
  value: z.string().max(CAMPAIGN_METADATA_VALUE_MAX, V.tooLong),
});
export type TCampaignMetadataEntry = z.infer<typeof zCampaignMetadataEntry>;

/** Keys used by more than one row: the form warns about them and a send refuses them. */
export function duplicateMetadataKeys(entries: readonly TCampaignMetadataEntry[]): string[] {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { key } of entries) {
    const k = key.trim();
    if (k === "") continue;
    if (seen.has(k)) duplicates.add(k);
    seen.add(k);
  }
  return [...duplicates];
}

export const CAMPAIGN_SEND_TYPES = ["now", "scheduled"] as const;
export const zCampaignSendType = z.enum(CAMPAIGN_SEND_TYPES);
export type TCampaignSendType = z.infer<typeof zCampaignSendType>;

/**
 * The campaign form, saved as a draft at any step: every field may still be empty. What a send needs is checked
 * when it is confirmed (3059 names what is missing).
 */
export const zCampaignRequest = z.object({
  brandId: z.string().uuid().nullable().default(null),
  title: z.string().trim().max(CAMPAIGN_TITLE_MAX, V.tooLong).default(""),
  content: z.string().max(CAMPAIGN_CONTENT_MAX, V.tooLong).default(""),
  metadata: z.array(zCampaignMetadataEntry).max(MESSAGE_METADATA_MAX, V.metadataCount).default([]),
  push: z
    .object({
      enabled: z.boolean(),
      title: z.string().trim().max(CAMPAIGN_PUSH_TITLE_MAX, V.tooLong),
      body: z.string().trim().max(CAMPAIGN_PUSH_BODY_MAX, V.tooLong),
    })
    .default({ enabled: false, title: "", body: "" }),
  sendType: zCampaignSendType.default("now"),
  /** Required when `sendType` is `scheduled`, and then later than now (3058). */
  scheduledAt: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type TCampaignRequest = z.infer<typeof zCampaignRequest>;
export type TCampaignRequestInput = z.input<typeof zCampaignRequest>;

/** What a confirmed send still needs, as named in 3059's `data.missing`. */
export const CAMPAIGN_REQUIREMENTS = [
  "brand",
  "title",
  "content",
  "metadata",
  "push",
  "recipients",
  "scheduledAt",
] as const;
export type TCampaignRequirement = (typeof CAMPAIGN_REQUIREMENTS)[number];

/** The parts of the form a send cannot go without; the screens and the server share this list. */
export function campaignMissing(
  form: Pick<TCampaignRequest, "brandId" | "title" | "content" | "metadata" | "push" | "sendType" | "scheduledAt">,
  recipientCount: number,
): TCampaignRequirement[] {
  const missing: TCampaignRequirement[] = [];
  if (!form.brandId) missing.push("brand");
  // Text of only spaces or zero-width characters is missing too: recipients would see an empty title or value.
  if (!hasVisibleText(form.title)) missing.push("title");
  if (!hasVisibleText(form.content)) missing.push("content");
  const incomplete = form.metadata.some((entry) => !hasVisibleText(entry.key) || !hasVisibleText(entry.value));
  if (incomplete || duplicateMetadataKeys(form.metadata).length > 0) missing.push("metadata");
  if (form.push.enabled && (!hasVisibleText(form.push.title) || !hasVisibleText(form.push.body))) {
    missing.push("push");
  }
  if (recipientCount === 0) missing.push("recipients");
  if (form.sendType === "scheduled" && !form.scheduledAt) missing.push("scheduledAt");
  return missing;
}

export const EXCLUSION_REASONS = ["unknown", "duplicate", "deactivated"] as const;
export type TExclusionReason = (typeof EXCLUSION_REASONS)[number];

/** The recipient file as it was read: rows, who will receive it, and who was left out and why. */
export const zCampaignRecipients = z.object({
  fileName: z.string().nullable(),
  uploadedAt: z.string().nullable(),
  /** Rows with a user id, the optional header and empty lines not counted. */
  total: z.number().int(),
  valid: z.number().int(),
  excluded: z.object({ unknown: z.number().int(), duplicate: z.number().int(), deactivated: z.number().int() }),
});
export type TCampaignRecipients = z.infer<typeof zCampaignRecipients>;

/** Where a send stands; `sent` counts recipients handled so far, each either succeeded or failed. */
export const zCampaignProgress = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  deleted: z.number().int(),
});
export type TCampaignProgress = z.infer<typeof zCampaignProgress>;

export const zCampaign = z.object({
  id: z.string(),
  brand: z.object({ id: z.string(), name: z.string(), inUse: z.boolean() }).nullable(),
  title: z.string(),
  content: z.string(),
  metadata: z.array(z.object({ key: z.string(), value: z.string() })),
  push: z.object({ enabled: z.boolean(), title: z.string(), body: z.string() }),
  sendType: zCampaignSendType,
  scheduledAt: z.string().nullable(),
  status: zCampaignStatus,
  recipients: zCampaignRecipients,
  progress: zCampaignProgress,
  /** The catalogue code that stopped a send or deletion, while its status is `send_failed` or `delete_failed`. */
  errorCode: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The campaign this one was copied from by resend. */
  resentFromId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCampaign = z.infer<typeof zCampaign>;

export const zCampaignParams = zAppIdParams.extend({ campaignId: z.string().uuid() });
export const zCampaignResponse = z.object({ campaign: zCampaign });
export type TCampaignResponse = z.infer<typeof zCampaignResponse>;

/** Newest first; `q` matches part of the title; `status` narrows to one status. */
export const zCampaignListQuery = zDashboardPageQuery.extend({ status: zCampaignStatus.optional() });
export type TCampaignListQuery = z.infer<typeof zCampaignListQuery>;
export const zCampaignPage = z.object({ campaigns: z.array(zCampaign), nextCursor: z.string().nullable() });
export type TCampaignPage = z.infer<typeof zCampaignPage>;

/** Confirm a draft: it becomes `awaiting` and goes out now or at its scheduled time. */
export const zCampaignConfirmRequest = z.object({}).strict().default({});

/** The report: the send's figures and the reads of each of the days after it started. */
export const zCampaignReport = z.object({
  campaign: zCampaign,
  /** {@link CAMPAIGN_REPORT_DAYS} days from the send's first day (UTC), oldest first; empty before it starts. */
  dailyReads: z.array(z.object({ day: z.string(), reads: z.number().int() })),
  reads: z.number().int(),
});
export type TCampaignReport = z.infer<typeof zCampaignReport>;

/** The days a report covers, from the day a send started. */
export function campaignReportDays(startedAt: string | Date): string[] {
  const start = new Date(startedAt);
  const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate());
  return Array.from({ length: CAMPAIGN_REPORT_DAYS }, (_, i) =>
    new Date(first + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The row types of the excluded-recipients download (`text/csv`, UTF-8 with BOM so spreadsheets read Hangul). */
export const CAMPAIGN_EXCLUDED_CSV_COLUMNS = ["row", "userId", "reason"] as const;
