import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";
import { accounts } from "../auth/schema";

/** Notices an administrator posted (type `Other`): to one account, or to every account when `account_id` is null. */
export const adminNotices = pgTable(
  "admin_notices",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountId: uuid("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    textKo: text("text_ko").notNull(),
    textEn: text("text_en").notNull(),
    /** Kept by email, so the notice outlives the admin's account. */
    adminEmail: text("admin_email").notNull(),
    createdAt: ts("created_at").notNull(),
    withdrawnAt: ts("withdrawn_at"),
  },
  (t) => [index("admin_notices_account_idx").on(t.accountId)],
);
export type AdminNoticeRow = typeof adminNotices.$inferSelect;

/** A reader who closed a notice does not see it again. */
export const adminNoticeDismissals = pgTable(
  "admin_notice_dismissals",
  {
    noticeId: uuid("notice_id")
      .notNull()
      .references(() => adminNotices.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    dismissedAt: ts("dismissed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.accountId] })],
);
