import type { Context } from "../../context";
import { fetchLinkPreviewJob, sweepLinkPreviewsJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { LinkPreviewService } from "./service";

export function linkPreviewJobs(ctx: Context, deps: { linkPreviews: LinkPreviewService }): JobHandler[] {
  return [
    handleJob(fetchLinkPreviewJob, (payload) => deps.linkPreviews.attachPreview(payload)),
    handleJob(sweepLinkPreviewsJob, async () => {
      const removed = await deps.linkPreviews.sweepExpired();
      if (removed > 0) ctx.log.info({ count: removed }, "removed expired link previews");
    }),
  ];
}
