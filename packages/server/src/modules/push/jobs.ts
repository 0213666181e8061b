import { pushEventJob, pushRetryJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { PushService } from "./service";

export function pushJobs(deps: { push: PushService }): JobHandler[] {
  return [
    handleJob(pushEventJob, (payload) => deps.push.handleEvent(payload)),
    handleJob(pushRetryJob, (payload) => deps.push.retry(payload)),
  ];
}
