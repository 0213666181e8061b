import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import type { Database } from "../db/client";
import {
  completeJobs,
  deleteEndedJobs,
  enqueueDueSlots,
  expireJobs,
  type FetchedJob,
  failJob,
  fetchJobs,
  insertJob,
  listenForJobs,
  queueDepth,
  saveSchedules,
} from "./queue";

/** A background job's name and the shape of its payload: what a sender needs to know. */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  schedule?: string;
  /**
   * Also once when a process with workers starts: for the sweeps that take up what a process that died left (its
   * lease lapsed), so a restart resumes that work at once rather than at the schedule's next slot. A start while an
   * earlier start's run still waits adds none.
   */
  runsAtStart?: boolean;
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
 * What a handler knows of its run: the job, and whether a failure now is the job's last (no retry left; absent when
 * a handler is called outside the queue, where nothing retries it either way).
 */
export interface JobMeta {
  jobId: string;
  lastAttempt?: boolean;
}

/**
 * The work a job does. Handlers must be idempotent: after a crash the queue hands an unfinished job out again.
 */
export interface JobHandler<S extends z.ZodType = z.ZodType> {
  job: JobDefinition<S>;
  handle: (payload: z.infer<S>, meta: JobMeta) => Promise<void>;
}

export function handleJob<S extends z.ZodType>(
  job: JobDefinition<S>,
  handle: (payload: z.infer<S>, meta: JobMeta) => Promise<void>,
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

/**
 * NOTIFY wakes workers only for a job that may run at once; a deferred one waits for the next poll, up to
 * JOB_POLL_SECONDS late. A job deferred this long or less also gets a timer in the process that sent it (or, for a
 * retry, that ran it), which wakes the queue's workers when it comes due: a webhook's 5-second first retry then
 * happens after 5 seconds.
 */
const WAKE_WITHIN_SECONDS = 60;

/** How often a process with workers enqueues due cron slots and takes back jobs whose worker died. */
const MAINTENANCE_SECONDS = 30;

/** How long `stop` waits for running jobs; one still running after it is handed out again once its time is up. */
const STOP_TIMEOUT_MS = 10_000;

interface Worker {
  /** Sleeping until the next poll or a wake. */
  idle: boolean;
  /** A job came while the worker was busy: it fetches again instead of sleeping. */
  pending: boolean;
  interrupt(): void;
  done: Promise<void>;
}

/**
 * Jobs on the `jobs` table. With `workers` false the process only enqueues (web-only copies, tests that run handlers
 * themselves); sends still go into the table, so none is lost.
 */
export function createJobs(options: {
  database: Database;
  handlers: JobHandler[];
  workers: boolean;
  pollSeconds: number;
  log: FastifyBaseLogger;
}): Jobs {
  const { database, log } = options;
  const schedules = options.handlers.flatMap(({ job }) =>
    job.schedule ? [{ name: job.name, cron: job.schedule, retryLimit: job.retryLimit ?? 5 }] : [],
  );
  let started = false;
  let stopping = false;
  /** Past stop's wait: the database may be closing, so a late job's bookkeeping fails quietly. */
  let closed = false;
  const wakeTimers = new Set<NodeJS.Timeout>();
  const workers = new Map<string, Worker[]>();
  let unlisten: (() => Promise<void>) | null = null;
  let maintenanceTimer: NodeJS.Timeout | null = null;
  let maintaining: Promise<void> | null = null;

  function queueError(err: unknown) {
    if (!closed) log.error({ err }, "job queue error");
  }

  /** One idle worker of the queue fetches now; when none is idle, each fetches again after its batch. */
  function wake(name: string) {
    const queue = workers.get(name);
    if (!queue) return;
    const idle = queue.find((worker) => worker.idle);
    if (idle) {
      idle.idle = false;
      idle.interrupt();
      return;
    }
    for (const worker of queue) worker.pending = true;
  }

  function wakeLater(name: string, seconds: number) {
    if (!options.workers || !started || seconds <= 0 || seconds > WAKE_WITHIN_SECONDS) return;
    const timer = setTimeout(() => {
      wakeTimers.delete(timer);
      wake(name);
    }, seconds * 1000);
    timer.unref();
    wakeTimers.add(timer);
  }

  async function runBatch(handler: JobHandler, batch: FetchedJob[]) {
    const { job: def } = handler;
    const failures = await Promise.all(
      batch.map(async (job) => {
        try {
          await handler.handle(def.payload.parse(job.data), { jobId: job.id, lastAttempt: job.lastAttempt });
          return null;
        } catch (err) {
          log.warn({ err, job: def.name, jobId: job.id }, "job failed; the queue retries it");
          return { id: job.id, message: err instanceof Error ? err.message : String(err) };
        }
      }),
    );
    try {
      await completeJobs(
        database,
        batch.filter((_, i) => !failures[i]).map((job) => job.id),
      );
      for (const failure of failures) {
        if (!failure) continue;
        const wait = await failJob(database, failure.id, failure.message);
        if (wait !== null) wakeLater(def.name, wait);
      }
    } catch (err) {
      queueError(err);
    }
  }

  function startWorker(handler: JobHandler): Worker {
    const batchSize = handler.job.batchSize ?? 1;
    let endSleep: (() => void) | null = null;
    const worker: Worker = {
      idle: false,
      pending: false,
      interrupt: () => endSleep?.(),
      done: Promise.resolve(),
    };
    worker.done = (async () => {
      while (!stopping) {
        worker.pending = false;
        let batch: FetchedJob[] = [];
        try {
          batch = await fetchJobs(database, handler.job.name, batchSize);
        } catch (err) {
          queueError(err);
        }
        if (batch.length > 0) await runBatch(handler, batch);
        if (stopping) break;
        // A full batch means more may be waiting: fetch again at once, so a backlog drains at the speed of the work.
        if (batch.length === batchSize || worker.pending) continue;
        worker.idle = true;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => finish(), options.pollSeconds * 1000);
          function finish() {
            clearTimeout(timer);
            endSleep = null;
            resolve();
          }
          endSleep = finish;
        });
        worker.idle = false;
      }
    })();
    return worker;
  }

  async function maintain() {
    try {
      for (const name of await expireJobs(database)) wake(name);
      await enqueueDueSlots(database, schedules);
      await deleteEndedJobs(database);
    } catch (err) {
      queueError(err);
    }
  }

  return {
    async send(job, payload, sendOptions) {
      const data = job.payload.parse(payload) as object;
      const id = await insertJob(database, {
        name: job.name,
        data,
        retryLimit: job.retryLimit ?? 5,
        ...(sendOptions?.singletonKey !== undefined ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions?.startAfter !== undefined ? { startAfter: sendOptions.startAfter } : {}),
      });
      const after = sendOptions?.startAfter;
      if (id && after !== undefined) wakeLater(job.name, after);
      return id;
    },
    async start() {
      if (started) return;
      await saveSchedules(database, schedules);
      started = true;
      if (!options.workers) return;
      stopping = false;
      closed = false;
      unlisten = await listenForJobs(database, wake, { log, retrySeconds: Math.max(options.pollSeconds, 5) });
      await maintain();
      for (const { job } of options.handlers) {
        if (job.runsAtStart) {
          await insertJob(database, {
            name: job.name,
            data: {},
            retryLimit: job.retryLimit ?? 5,
            singletonKey: "start",
          });
        }
      }
      for (const handler of options.handlers) {
        const queue: Worker[] = [];
        for (let i = 0; i < (handler.job.concurrency ?? 1); i++) queue.push(startWorker(handler));
        workers.set(handler.job.name, queue);
      }
      maintenanceTimer = setInterval(() => {
        maintaining ??= maintain().finally(() => {
          maintaining = null;
        });
      }, MAINTENANCE_SECONDS * 1000);
      maintenanceTimer.unref();
    },
    async depth() {
      // Every known queue reports, at 0 when empty: a series that vanishes when its queue drains reads as "no data"
      // to an alert (a backlog rule never resolves, a dashboard shows a gap) rather than as an empty queue.
      const found = await queueDepth(database);
      const zeros = options.handlers.flatMap(({ job }) =>
        (["waiting", "active"] as const)
          .filter((state) => !found.some((row) => row.queue === job.name && row.state === state))
          .map((state) => ({ queue: job.name, state, count: 0 })),
      );
      return [...found, ...zeros];
    },
    async stop() {
      if (!started) return;
      started = false;
      stopping = true;
      for (const timer of wakeTimers) clearTimeout(timer);
      wakeTimers.clear();
      if (maintenanceTimer) clearInterval(maintenanceTimer);
      maintenanceTimer = null;
      const running = [...workers.values()].flat();
      for (const worker of running) worker.interrupt();
      let timeout: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([...running.map((worker) => worker.done), maintaining]),
        new Promise((resolve) => {
          timeout = setTimeout(resolve, STOP_TIMEOUT_MS);
        }),
      ]);
      clearTimeout(timeout);
      closed = true;
      workers.clear();
      await unlisten?.();
      unlisten = null;
    },
  };
}
