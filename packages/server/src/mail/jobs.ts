import { eq } from "drizzle-orm";
import type { Context } from "../context";
import { sendMailJob } from "../jobs/catalog";
import { handleJob, type JobHandler } from "../jobs/runtime";
import { sentMail } from "./schema";

/** Sends queued mail, once per job: a job run again after a crash finds its `sent_mail` row and stops. */
export function mailJobs(ctx: Context): JobHandler[] {
  const { db } = ctx.database;
  return [
    handleJob(sendMailJob, async (mail, { jobId }) => {
      const inserted = await db
        .insert(sentMail)
        .values({ jobId, recipient: mail.to, subject: mail.subject, sentAt: ctx.clock.now() })
        .onConflictDoNothing()
        .returning({ jobId: sentMail.jobId });
      // Already sent by an earlier run of this job.
      if (inserted.length === 0) return;
      let location: string;
      try {
        location = await ctx.mailer.send(mail, jobId);
      } catch (err) {
        // Not sent after all: the retry must not take it for sent.
        await db.delete(sentMail).where(eq(sentMail.jobId, jobId));
        throw err;
      }
      ctx.log.info({ jobId, subject: mail.subject, location }, `mail sent: ${location}`);
    }),
  ];
}
