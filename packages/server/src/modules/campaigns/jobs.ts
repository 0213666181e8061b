import type { Context } from "../../context";
import { dueCampaignsJob, runCampaignJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { CampaignService } from "./campaigns";
import type { CampaignSender } from "./sender";

/**
 * A campaign's send runs as a job; the minute's sweep starts the due ones and resumes those a stopped process left.
 * Starting or scheduling a campaign queues its run through `ctx.jobs`, which exists by the time anyone calls.
 */
export function campaignJobs(
  ctx: Context,
  deps: { campaigns: CampaignService; campaignSender: CampaignSender },
): JobHandler[] {
  deps.campaigns.setKick(async (campaignId, startAfter) => {
    await ctx.jobs.send(runCampaignJob, { campaignId }, startAfter ? { startAfter } : undefined);
  });
  return [
    handleJob(runCampaignJob, async ({ campaignId }) => {
      await deps.campaignSender.run(campaignId);
    }),
    handleJob(dueCampaignsJob, async () => {
      for (const campaignId of await deps.campaignSender.due()) {
        await ctx.jobs.send(runCampaignJob, { campaignId }, { singletonKey: campaignId });
      }
    }),
  ];
}
