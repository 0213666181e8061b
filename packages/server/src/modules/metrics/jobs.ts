import type { Context } from "../../context";
import { dailyUsageReportJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { ReportService } from "./reports";

export function metricsJobs(ctx: Context, deps: { reports: ReportService }): JobHandler[] {
  return [
    handleJob(dailyUsageReportJob, async ({ day }) => {
      const mailed = await deps.reports.sendDailyReports(day);
      if (mailed > 0) ctx.log.info({ count: mailed, day }, "queued daily usage reports");
    }),
  ];
}
