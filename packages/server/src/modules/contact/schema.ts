import type { TContactCategory } from "@parley/contract";
import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { ts } from "../../db/columns";

/**
 * Inquiries from the public site's contact form, kept even when the mail to sales is delayed or lost, so none
 * depends on a mailbox alone. `mail_job_id` is the mail job that carried it.
 */
export const contactInquiries = pgTable(
  "contact_inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    company: text("company").notNull(),
    category: text("category").$type<TContactCategory>().notNull(),
    description: text("description").notNull(),
    language: text("language").$type<"ko" | "en">().notNull(),
    mailJobId: text("mail_job_id"),
    createdAt: ts("created_at").notNull(),
  },
  (t) => [index("contact_inquiries_created_idx").on(t.createdAt)],
);
export type ContactInquiryRow = typeof contactInquiries.$inferSelect;
