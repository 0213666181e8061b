import type { TBrandImageType, TCampaignSendType, TCampaignStatus, TExclusionReason } from "@parley/contract";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";

/**
 * Brand cover images, uploaded before the brand form is saved so the form can preview them. Kept apart from chat
 * files: a cover lives as long as a brand uses it, not for the chat file retention period.
 */
export const brandCoverImages = pgTable(
  "brand_cover_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    size: integer("size").notNull(),
    mimeType: text("mime_type").$type<TBrandImageType>().notNull(),
    storageKey: text("storage_key").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("brand_cover_images_app_idx").on(t.appId)],
);
export type BrandCoverImageRow = typeof brandCoverImages.$inferSelect;

/** An app's sender identities for bulk messages. */
export const brands = pgTable(
  "brands",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    coverImageId: uuid("cover_image_id").references(() => brandCoverImages.id, { onDelete: "set null" }),
    inUse: boolean("in_use").notNull().default(true),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  // Unique regardless of case and Unicode form: recipients tell brands apart by name, and "Acme" and "ACME" would
  // look alike (migration 0029).
  (t) => [
    uniqueIndex("brands_app_name_key").on(t.appId, sql`lower(normalize(${t.name}, NFC))`),
    index("brands_app_created_idx").on(t.appId, t.createdAt),
  ],
);
export type BrandRow = typeof brands.$inferSelect;

/** A bulk message (spec section 3); its status follows spec section 4. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    brandId: uuid("brand_id").references(() => brands.id, { onDelete: "set null" }),
    title: text("title").notNull().default(""),
    content: text("content").notNull().default(""),
    metadata: jsonb("metadata").$type<{ key: string; value: string }[]>().notNull().default([]),
    pushEnabled: boolean("push_enabled").notNull().default(false),
    pushTitle: text("push_title").notNull().default(""),
    pushBody: text("push_body").notNull().default(""),
    sendType: text("send_type").$type<TCampaignSendType>().notNull().default("now"),
    scheduledAt: ts("scheduled_at"),
    status: text("status").$type<TCampaignStatus>().notNull().default("draft"),
    errorCode: text("error_code"),
    recipientFileName: text("recipient_file_name"),
    recipientsUploadedAt: ts("recipients_uploaded_at"),
    totalRows: integer("total_rows").notNull().default(0),
    recipientCount: integer("recipient_count").notNull().default(0),
    excludedUnknown: integer("excluded_unknown").notNull().default(0),
    excludedDuplicate: integer("excluded_duplicate").notNull().default(0),
    excludedDeactivated: integer("excluded_deactivated").notNull().default(0),
    succeededCount: integer("succeeded_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    deletedCount: integer("deleted_count").notNull().default(0),
    /** Who runs the send or deletion now, and until when; another process takes over once it lapses. */
    leaseOwner: text("lease_owner"),
    leaseUntil: ts("lease_until"),
    startedAt: ts("started_at"),
    finishedAt: ts("finished_at"),
    resentFromId: uuid("resent_from_id"),
    createdAt: ts("created_at").notNull(),
    updatedAt: ts("updated_at").notNull(),
  },
  (t) => [
    index("campaigns_app_created_idx").on(t.appId, t.createdAt),
    index("campaigns_due_idx").on(t.status, t.scheduledAt),
  ],
);
export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * One recipient of a campaign. `state` moves from pending to succeeded or failed in the same transaction that
 * stores the message, which is what makes a resumed send skip everyone already handled.
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    /**
     * No foreign key, for the same reason as `chat_user_id`: a statement-level trigger on `campaigns` (migration
     * 0009) removes a deleted campaign's recipients instead, once per statement rather than once per row.
     */
    campaignId: uuid("campaign_id").notNull(),
    /** The row of the uploaded file, for the order of sending. */
    rowNo: integer("row_no").notNull(),
    /**
     * No foreign key: its check would cost more than the rest of storing a 100,000-row upload. A user deleted
     * after the upload is found missing by the sender and counted as failed (3018).
     */
    chatUserId: uuid("chat_user_id").notNull(),
    state: text("state").$type<"pending" | "succeeded" | "failed">().notNull().default("pending"),
    errorCode: text("error_code"),
    channelId: uuid("channel_id"),
    messageId: uuid("message_id"),
    messageSeq: integer("message_seq"),
    sentAt: ts("sent_at"),
    readAt: ts("read_at"),
    deletedAt: ts("deleted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.chatUserId] }),
    index("campaign_recipients_pending_idx").on(t.campaignId, t.rowNo).where(sql`state = 'pending'`),
    index("campaign_recipients_unread_idx").on(t.channelId).where(sql`message_id is not null and read_at is null`),
    index("campaign_recipients_message_idx").on(t.messageId).where(sql`message_id is not null`),
    index("campaign_recipients_delivered_idx")
      .on(t.campaignId, t.rowNo)
      .where(sql`state = 'succeeded' and deleted_at is null`),
  ],
);
export type CampaignRecipientRow = typeof campaignRecipients.$inferSelect;

/** The rows of the uploaded file that were left out, for the counts and the download. */
export const campaignExclusions = pgTable(
  "campaign_exclusions",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    rowNo: integer("row_no").notNull(),
    value: text("value").notNull(),
    reason: text("reason").$type<TExclusionReason>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.rowNo] })],
);
