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
  /**
   * Workers this process runs for the queue, each fetching and finishing its own batch. A batch is done when its
   * slowest job is, so jobs that can wait long (a webhook receiver that hangs until the time-out) use several
   * workers of batch size 1: one slow job then holds one worker, not every job fetched behind it. 1 by default.
   */
  concurrency?: number;
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

/**
 * pg-boss's NOTIFY wakes workers only for a job that may run at once; a deferred one waits for the next poll, up to
 * JOB_POLL_SECONDS late. A job deferred this long or less also gets a timer in the process that sent it, which
 * wakes the queue's workers when it comes due: a webhook's 5-second first retry then happens after 5 seconds.
 */
const WAKE_WITHIN_SECONDS = 60;

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
  const wakeTimers = new Set<NodeJS.Timeout>();

  function wakeWorkers(name: string) {
    for (const worker of boss.getWipData()) if (worker.name === name) boss.notifyWorker(worker.id);
  }

  return {
    async send(job, payload, sendOptions) {
      const data = job.payload.parse(payload) as object;
      const id = await boss.send(job.name, data, sendOptions ?? {});
      const after = sendOptions?.startAfter;
      if (options.workers && started && after !== undefined && after > 0 && after <= WAKE_WITHIN_SECONDS) {
        const timer = setTimeout(() => {
          wakeTimers.delete(timer);
          wakeWorkers(job.name);
        }, after * 1000);
        timer.unref();
        wakeTimers.add(timer);
      }
      return id;
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
            // At batch size 1 every fetch is "full", so pg-boss bursts on its count of ready jobs instead (its
            // smallest threshold is 1: one ready job is what NOTIFY already wakes a worker for).
            ...(def.concurrency ? { localConcurrency: def.concurrency, burstWhenReadyExceeds: 1 } : {}),
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
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
  };
}
