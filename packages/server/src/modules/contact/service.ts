import type { TContactRequest } from "@parley/contract";
import { eq } from "drizzle-orm";
import type { Context } from "../../context";
import { sendMailJob } from "../../jobs/catalog";
import { renderInquiryMail } from "./mail";
import { contactInquiries } from "./schema";

export function createContactService(ctx: Context) {
  const { db } = ctx.database;

  /**
   * Stores the inquiry first and then queues its mail, so an inquiry is never only in a mailbox; a failure to
   * queue leaves the row (with no mail job) and answers an error, and a retry by the visitor stores it again.
   */
  async function submitInquiry(inquiry: TContactRequest): Promise<void> {
    const now = ctx.clock.now();
    const [row] = await db
      .insert(contactInquiries)
      .values({ ...inquiry, createdAt: now })
      .returning({ id: contactInquiries.id });
    if (!row) throw new Error("contact inquiry was not stored");
    const jobId = await ctx.jobs.send(sendMailJob, renderInquiryMail(ctx.config.salesEmail, inquiry, now));
    await db.update(contactInquiries).set({ mailJobId: jobId }).where(eq(contactInquiries.id, row.id));
  }

  return { submitInquiry };
}

export type ContactService = ReturnType<typeof createContactService>;
