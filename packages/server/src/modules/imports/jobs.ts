import type { Context } from "../../context";
import { analyzeImportJob, runImportJob, sweepImportsJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { ImportService } from "./service";

export function importJobs(ctx: Context, deps: { imports: ImportService }): JobHandler[] {
  return [
    handleJob(analyzeImportJob, async ({ importId }) => {
      await deps.imports.analyze(importId);
    }),
    handleJob(runImportJob, async ({ importId }) => {
      await deps.imports.run(importId);
    }),
    handleJob(sweepImportsJob, async () => {
      const due = await deps.imports.due();
      for (const importId of due.analyze) {
        await ctx.jobs.send(analyzeImportJob, { importId }, { singletonKey: importId });
      }
      for (const importId of due.run) await ctx.jobs.send(runImportJob, { importId }, { singletonKey: importId });
      const removed = await deps.imports.removeFinished();
      if (removed > 0) ctx.log.info({ count: removed }, "removed what finished data imports left in storage");
    }),
  ];
}
