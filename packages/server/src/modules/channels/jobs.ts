import type { Context } from "../../context";
import { mergeSubchannelsJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { ChannelService } from "./service";

export function channelJobs(ctx: Context, deps: { channels: ChannelService }): JobHandler[] {
  return [
    handleJob(mergeSubchannelsJob, async () => {
      const merged = await deps.channels.mergeSubchannels();
      if (merged > 0) ctx.log.info({ count: merged }, "merged subchannels");
    }),
  ];
}
