import { callPushJob, callRingTimeoutJob, sweepCallsJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { CallService } from "./service";

export function callJobs(deps: { calls: CallService }): JobHandler[] {
  return [
    handleJob(callPushJob, (payload) => deps.calls.pushIncoming(payload.callId)),
    handleJob(callRingTimeoutJob, async (payload) => {
      await deps.calls.missOverdue(payload.callId);
    }),
    handleJob(sweepCallsJob, () => deps.calls.sweep()),
  ];
}
