import type { Context } from "../../context";
import { expireFilesJob, processMediaJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { FileService } from "./service";

export function fileJobs(ctx: Context, deps: { files: FileService }): JobHandler[] {
  return [
    handleJob(processMediaJob, (payload, run) => deps.files.processPending(payload, run)),
    handleJob(expireFilesJob, async () => {
      const removed = await deps.files.expireOldFiles();
      if (removed > 0) ctx.log.info({ count: removed }, "removed expired files");
    }),
  ];
}
