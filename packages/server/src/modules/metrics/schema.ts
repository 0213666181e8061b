import { date, integer, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";
import { accounts } from "../auth/schema";

/**
 * How many rows an app's day of counters is spread over. Every message of an app adds to its day's counters; in one
 * row, concurrent sends of the app would all queue on that row's lock. A writer adds to one slot of its choosing
 * and readers sum the slots, so the figures stay exact.
 */
export const METRICS_SLOTS = 16;

/**
 * Per-app daily counters, written as events happen so reports read days, not messages. A day is the sum of its
 * rows, one per slot written (see {@link METRICS_SLOTS}).
 */
export const dailyMetrics = pgTable(
  "daily_metrics",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    slot: smallint("slot").notNull().default(0),
    messageCount: integer("message_count").notNull().default(0),
    messageSenderCount: integer("message_sender_count").notNull().default(0),
    activeUserCount: integer("active_user_count").notNull().default(0),
    /** Reactions added and thread replies sent: activity, not billed as messages (migration 0018). */
    reactionCount: integer("reaction_count").notNull().default(0),
    replyCount: integer("reply_count").notNull().default(0),
    /** Minutes of the calls that ended that day, each call's rounded up: activity, not billed (migration 0022). */
    callMinutes: integer("call_minutes").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.slot] })],
);

/** Who was active, and who sent, on a day: the distinct counts of `daily_metrics` come from inserts here. */
export const dailyUserActivity = pgTable(
  "daily_user_activity",
  {
    appId: uuid("app_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    chatUserId: uuid("chat_user_id").notNull(),
    kind: text("kind").$type<"active" | "sender">().notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day, t.chatUserId, t.kind] })],
);

/** The addresses that receive an account's daily usage report mail, one row each. */
export const reportEmails = pgTable(
  "report_emails",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.email] })],
);

/**
 * The daily usage reports already mailed, one row per account and reported day: the key that keeps a re-run of
 * the daily job (a retry, a second process, a manual run) from mailing the same day twice.
 */
export const dailyReportsSent = pgTable(
  "daily_reports_sent",
  {
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    sentAt: ts("sent_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
