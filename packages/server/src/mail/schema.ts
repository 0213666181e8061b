import { pgTable, text } from "drizzle-orm/pg-core";
import { ts } from "../db/columns";

/** Mail jobs already handed to the transport, so a job that runs twice after a crash does not mail twice. */
export const sentMail = pgTable("sent_mail", {
  jobId: text("job_id").primaryKey(),
  recipient: text("recipient").notNull(),
  subject: text("subject").notNull(),
  sentAt: ts("sent_at").notNull(),
});
