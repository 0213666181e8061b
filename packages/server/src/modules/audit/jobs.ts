import type { Context } from "../../context";
import { pruneAuditLogJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { AuditService } from "./service";

export function auditJobs(ctx: Context, services: { audit: AuditService }): JobHandler[] {
  return [
    handleJob(pruneAuditLogJob, async () => {
      const removed = await services.audit.prune();
      if (removed > 0) ctx.log.info({ count: removed }, "removed audit entries past their retention");
    }),
  ];
}
