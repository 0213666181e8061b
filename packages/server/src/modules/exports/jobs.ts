import type { Context } from "../../context";
import { runExportJob, sweepExportsJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { ExportService } from "./service";

export function exportJobs(ctx: Context, deps: { exports: ExportService }): JobHandler[] {
  return [
    handleJob(runExportJob, async ({ exportId }) => {
      await deps.exports.run(exportId);
    }),
    handleJob(sweepExportsJob, async () => {
      for (const exportId of await deps.exports.due()) {
        await ctx.jobs.send(runExportJob, { exportId }, { singletonKey: exportId });
      }
      const removed = await deps.exports.removeExpired();
      if (removed > 0) ctx.log.info({ count: removed }, "removed expired data export archives");
    }),
  ];
}
