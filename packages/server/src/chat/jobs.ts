import { dispatchEventsJob } from "../jobs/catalog";
import { handleJob, type JobHandler } from "../jobs/runtime";
import type { Outbox } from "./outbox";

/** The sweep that hands on events a crashed process stored but did not dispatch. */
export function outboxJobs(deps: { outbox: Outbox }): JobHandler[] {
  return [handleJob(dispatchEventsJob, () => deps.outbox.dispatch())];
}
