import type { Context } from "../../context";
import {
  closePollJob,
  dueScheduledMessagesJob,
  pruneEventsJob,
  sendScheduledMessageJob,
  sweepPollsJob,
} from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { EventRetention } from "./event-retention";
import type { ScheduledMessages } from "./scheduled";
import type { MessageService } from "./service";

export function messageJobs(
  ctx: Context,
  services: { eventRetention: EventRetention; scheduledMessages: ScheduledMessages; messages: MessageService },
): JobHandler[] {
  const { polls } = services.messages;
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
    handleJob(closePollJob, async ({ pollId }) => {
      const left = await polls.closeIfDue(pollId);
      if (left !== null) await ctx.jobs.send(closePollJob, { pollId }, { startAfter: left });
    }),
    handleJob(sweepPollsJob, async () => {
      const closed = await polls.closeDuePolls();
      if (closed > 0) ctx.log.info({ count: closed }, "closed polls past their closing time");
    }),
  ];
}
