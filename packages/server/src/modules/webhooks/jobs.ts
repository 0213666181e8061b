import type { Context } from "../../context";
import { deliverWebhookJob, sweepWebhooksJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { WebhookService } from "./service";

export function webhookJobs(ctx: Context, deps: { webhooks: WebhookService }): JobHandler[] {
  return [
    handleJob(deliverWebhookJob, ({ deliveryId }) => deps.webhooks.deliver(deliveryId)),
    handleJob(sweepWebhooksJob, async () => {
      const count = await deps.webhooks.sweep();
      if (count > 0) ctx.log.warn({ count }, "re-enqueued overdue webhook deliveries");
    }),
  ];
}
