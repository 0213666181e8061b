import type { FastifyBaseLogger } from "fastify";
import { fromPglite, PgBoss } from "pg-boss";
import type { z } from "zod";
import type { Database } from "../db/client";

/** A background job's name and the shape of its payload: what a sender needs to know. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  schedule?: string;
  retryLimit?: number;
  /**
   * Jobs a worker takes at once and runs side by side, for many small jobs that mostly wait on the network (mail,
   * webhooks, push). While fetches come back full the worker fetches again at once, so a backlog drains at the
   * speed of the work rather than one job per poll. Each job succeeds or fails on its own. 1 by default.
   */
  batchSize?: number;
}

export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * The work a job does. Handlers must be idempotent: after a crash pg-boss hands an unfinished job out again.
 */
export interface JobHandler<S extends z.ZodType = z.ZodType> {
  job: JobDefinition<S>;
  handle: (payload: z.infer<S>, meta: { jobId: string }) => Promise<void>;
}

export function handleJob<S extends z.ZodType>(
  job: JobDefinition<S>,
  handle: (payload: z.infer<S>, meta: { jobId: string }) => Promise<void>,
): JobHandler {
  return { job, handle } as unknown as JobHandler;
}

export interface Jobs {
  send<S extends z.ZodType>(
    job: JobDefinition<S>,
    payload: z.infer<S>,
    /** `startAfter`: seconds to wait before the job may run. */
    options?: { singletonKey?: string; startAfter?: number },
  ): Promise<string | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Jobs waiting (created or due for a retry) and running, per queue: what an operator watches for a backlog. */
  depth(): Promise<{ queue: string; state: "waiting" | "active"; count: number }[]>;
}

export const PGBOSS_SCHEMA = "pgboss";

export function createBoss(database: Database): PgBoss {
  return database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", schema: PGBOSS_SCHEMA, useListenNotify: true })
    : new PgBoss({
        connectionString: database.connectionString,
        schema: PGBOSS_SCHEMA,
        max: 4,
        useListenNotify: true,
      });
}

/**
 * Jobs on pg-boss. With `workers` false the process only enqueues (web-only copies, tests that run handlers
 * themselves); the queue is still installed so sends are never lost.
 */
export function createJobs(options: {
  database: Database;
  handlers: JobHandler[];
  workers: boolean;
  pollSeconds: number;
  log: FastifyBaseLogger;
}): Jobs {
  const boss = createBoss(options.database);
  boss.on("error", (err) => options.log.error({ err }, "job queue error"));
  let started = false;

  return {
    async send(job, payload, sendOptions) {
      const data = job.payload.parse(payload) as object;
      return boss.send(job.name, data, sendOptions ?? {});
    },
    async start() {
      await boss.start();
      started = true;
      for (const { job: def, handle } of options.handlers) {
        await boss.createQueue(def.name, {
          retryLimit: def.retryLimit ?? 5,
          retryBackoff: true,
          retryDelay: 5,
          notify: true,
        });
        if (def.schedule) await boss.schedule(def.name, def.schedule, {}, { tz: "UTC" });
        if (!options.workers) continue;
        await boss.work(
          def.name,
          {
            pollingIntervalSeconds: options.pollSeconds,
            notifyPollingIntervalSeconds: options.pollSeconds,
            batchSize: def.batchSize ?? 1,
            burstWhenBatchFull: true,
            perJobResults: true,
          },
          async (batch) =>
            Promise.all(
              batch.map(async (job) => {
                try {
                  await handle(def.payload.parse(job.data), { jobId: job.id });
                  return { id: job.id, status: "completed" as const };
                } catch (err) {
                  options.log.warn({ err, job: def.name, jobId: job.id }, "job failed; pg-boss retries it");
                  const message = err instanceof Error ? err.message : String(err);
                  return { id: job.id, status: "failed" as const, output: { message } };
                }
              }),
            ),
        );
      }
    },
    async depth() {
      const rows = await options.database.query<{ name: string; state: string; count: string | number }>(
        `select name, case when state = 'active' then 'active' else 'waiting' end as state, count(*) as count
         from ${PGBOSS_SCHEMA}.job where state in ('created', 'retry', 'active') and name not like '\\_\\_pgboss\\_\\_%'
         group by 1, 2`,
      );
      return rows.map((row) => ({
        queue: row.name,
        state: row.state as "waiting" | "active",
        count: Number(row.count),
      }));
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
