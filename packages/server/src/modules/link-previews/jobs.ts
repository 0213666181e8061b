import { fetchLinkPreviewJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { LinkPreviewService } from "./service";

export function linkPreviewJobs(deps: { linkPreviews: LinkPreviewService }): JobHandler[] {
  return [handleJob(fetchLinkPreviewJob, (payload) => deps.linkPreviews.attachPreview(payload))];
}
