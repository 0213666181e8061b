import type { Context } from "../../context";
import { billingDailyJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { BillingService } from "./service";

export function billingJobs(ctx: Context, deps: { billing: BillingService }): JobHandler[] {
  return [
    handleJob(billingDailyJob, async () => {
      const { invoiced, attempts } = await deps.billing.runDaily();
      if (invoiced + attempts > 0) ctx.log.info({ invoiced, attempts }, "billing cycle ran");
    }),
  ];
}
