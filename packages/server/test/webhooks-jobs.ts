import { createJobs } from "../src/jobs/runtime";
import type { TestApp } from "./harness";

/**
 * Works one job queue of an app started without workers (JOBS_ENABLED false): its mail still goes out, so accounts
 * can sign up, while the test runs the webhook delivery jobs itself and so decides when each attempt happens.
 * Returns a function that stops the worker.
 */
export async function workQueue(app: TestApp, name: string): Promise<() => Promise<void>> {
  const handler = app.jobHandlers.get(name);
  if (!handler) throw new Error(`no handler for ${name}`);
  const jobs = createJobs({
    database: app.ctx.database,
    handlers: [handler],
    workers: true,
    pollSeconds: 0.5,
    log: app.ctx.log,
  });
  await jobs.start();
  return () => jobs.stop();
}
