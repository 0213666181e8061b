import { date, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { apps } from "../apps/schema";
import { accounts } from "../auth/schema";

/** Per-app daily counters, written as events happen so reports read days, not messages. */
export const dailyMetrics = pgTable(
  "daily_metrics",
  {
    appId: uuid("app_id")
      .notNull()
      .references(() => apps.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    messageCount: integer("message_count").notNull().default(0),
    messageSenderCount: integer("message_sender_count").notNull().default(0),
    activeUserCount: integer("active_user_count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.appId, t.day] })],
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
