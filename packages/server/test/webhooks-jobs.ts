import { fromPglite, PgBoss } from "pg-boss";
import { PGBOSS_SCHEMA } from "../src/jobs/runtime";
import type { TestApp } from "./harness";

/**
 * Works one job queue of an app started without workers (JOBS_ENABLED false): its mail still goes out, so accounts
 * can sign up, while the test runs the webhook delivery jobs itself and so decides when each attempt happens.
 * Returns a function that stops the worker.
 */
export async function workQueue(app: TestApp, name: string): Promise<() => Promise<void>> {
  const handler = app.jobHandlers.get(name);
  if (!handler) throw new Error(`no handler for ${name}`);
  const { database } = app.ctx;
  const options = { schema: PGBOSS_SCHEMA, supervise: false, schedule: false, migrate: false };
  const boss = database.pglite
    ? new PgBoss({ ...options, db: fromPglite(database.pglite), backend: "pglite" })
    : new PgBoss({ ...options, connectionString: database.connectionString, max: 2 });
  await boss.start();
  await boss.work(name, { pollingIntervalSeconds: 0.5 }, async (jobs) => {
    for (const job of jobs) await handler.handle(handler.job.payload.parse(job.data), { jobId: job.id });
  });
  return () => boss.stop({ graceful: true, close: true, timeout: 5_000 });
}
