import type { TMessage, TReportAction, TReportReason, TReportStatus, TReportTargetKind } from "@parley/contract";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";

/**
 * What end users reported, one row per message or user while its reports are open: every report of it counts here,
 * and the moderator's one action resolves them all. A target reported again after it was resolved opens a new row.
 */
export const reportTargets = pgTable(
  "report_targets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    kind: text("kind").$type<TReportTargetKind>().notNull(),
    /** The message's channel, or where a user was reported from; kept after the channel is deleted. */
    channelId: uuid("channel_id"),
    messageId: uuid("message_id"),
    /** The reported user's id in the app: the message's sender or the user reported. */
    userId: text("user_id").notNull(),
    /** The message as first reported, so the evidence outlives its deletion. */
    message: jsonb("message").$type<TMessage>(),
    status: text("status").$type<TReportStatus>().notNull().default("open"),
    reportCount: integer("report_count").notNull().default(0),
    hidden: boolean("hidden").notNull().default(false),
    firstReportedAt: ts("first_reported_at").notNull(),
    lastReportedAt: ts("last_reported_at").notNull(),
    resolution: text("resolution").$type<TReportAction>(),
    resolutionMinutes: integer("resolution_minutes"),
    resolutionNote: text("resolution_note"),
    resolvedBy: text("resolved_by"),
    resolvedAt: ts("resolved_at"),
  },
  (t) => [
    uniqueIndex("report_targets_open_message_key")
      .on(t.appId, t.messageId)
      .where(sql`status = 'open' and kind = 'message'`),
    uniqueIndex("report_targets_open_user_key").on(t.appId, t.userId).where(sql`status = 'open' and kind = 'user'`),
    index("report_targets_queue_idx").on(t.appId, t.status, t.lastReportedAt.desc(), t.id.desc()),
  ],
);
export type ReportTargetRow = typeof reportTargets.$inferSelect;

/** One user's report of a target: once per reporter, so counts are of distinct reporters. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    targetId: uuid("target_id")
      .notNull()
      .references(() => reportTargets.id, { onDelete: "cascade" }),
    reporterId: text("reporter_id").notNull(),
    reason: text("reason").$type<TReportReason>().notNull(),
    description: text("description"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [uniqueIndex("reports_target_reporter_key").on(t.targetId, t.reporterId)],
);
export type ReportRow = typeof reports.$inferSelect;

/** An app's report queue settings; no row means the defaults (no auto-hide). */
export const reportSettings = pgTable("report_settings", {
  appId: uuid("app_id")
    .primaryKey()
    .references(() => apps.id, { onDelete: "cascade" }),
  autoHideAfter: integer("auto_hide_after"),
});
