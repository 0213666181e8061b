import type { Context } from "../../context";
import { pruneEventsJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { EventRetention } from "./event-retention";

export function messageJobs(ctx: Context, services: { eventRetention: EventRetention }): JobHandler[] {
  return [
    handleJob(pruneEventsJob, async () => {
      const removed = await services.eventRetention.prune();
      if (removed > 0) ctx.log.info({ count: removed }, "removed chat events past their retention");
    }),
  ];
}
