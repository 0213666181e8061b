import type { Context } from "../../context";
import { dueScheduledMessagesJob, pruneEventsJob, sendScheduledMessageJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { EventRetention } from "./event-retention";
import type { ScheduledMessages } from "./scheduled";

export function messageJobs(
  ctx: Context,
  services: { eventRetention: EventRetention; scheduledMessages: ScheduledMessages },
): JobHandler[] {
  return [
    handleJob(pruneEventsJob, async () => {
      const removed = await services.eventRetention.prune();
      if (removed > 0) ctx.log.info({ count: removed }, "removed chat events past their retention");
    }),
    handleJob(sendScheduledMessageJob, async ({ scheduledMessageId }) => {
      await services.scheduledMessages.sendDue(scheduledMessageId);
    }),
    handleJob(dueScheduledMessagesJob, async () => {
      // One job per message, keyed by it, so a message another sweep or its own job already queued is not doubled.
      for (const scheduledMessageId of await services.scheduledMessages.dueIds()) {
        await ctx.jobs.send(
          sendScheduledMessageJob,
          { scheduledMessageId },
          { singletonKey: `${scheduledMessageId}@due` },
        );
      }
    }),
  ];
}
