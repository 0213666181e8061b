import type { FastifyBaseLogger } from "fastify";
import pg from "pg";
import type { Database } from "../db/client";
import { latestSlot, parseCron } from "./cron";

/**
 * The job queue's statements on the `jobs` and `job_schedules` tables. Each is one statement, so none needs a
 * transaction and PGlite's single connection is never held between two of them.
 */

/** The channel a send notifies, its payload the queue's name, so idle workers of that queue fetch at once. */
export const JOBS_CHANNEL = "parley_jobs";

/** Completed jobs are kept this long (an operator's look at what ran), failed ones longer, to be looked into. */
const KEEP_COMPLETED_SECONDS = 24 * 3600;
const KEEP_FAILED_SECONDS = 7 * 24 * 3600;

export interface FetchedJob {
  id: string;
  data: unknown;
  /** No retry is left after this run: a failure now ends the job as `failed`. */
  lastAttempt: boolean;
}

export async function insertJob(
  database: Database,
  job: { name: string; data: unknown; retryLimit: number; singletonKey?: string; startAfter?: number },
): Promise<string | null> {
  const [row] = await database.query<{ id: string }>(
    `insert into jobs (name, data, retry_limit, singleton_key, start_after)
     values ($1, $2::jsonb, $3, $4, now() + make_interval(secs => $5))
     on conflict do nothing
     returning id`,
    [job.name, JSON.stringify(job.data), job.retryLimit, job.singletonKey ?? null, Math.max(0, job.startAfter ?? 0)],
  );
  if (row && !(job.startAfter && job.startAfter > 0)) await notify(database, job.name);
  return row?.id ?? null;
}

async function notify(database: Database, name: string): Promise<void> {
  await database.query("select pg_notify($1, $2)", [JOBS_CHANNEL, name]);
}

/** Takes up to `limit` due jobs of a queue for this worker; one worker's jobs are never another's. */
export async function fetchJobs(database: Database, name: string, limit: number): Promise<FetchedJob[]> {
  return database.query<FetchedJob>(
    `update jobs set state = 'active', started_on = now()
     where id in (
       select id from jobs
       where name = $1 and state in ('created', 'retry') and start_after <= now()
       order by start_after, created_on
       limit $2
       for update skip locked
     )
     returning id, data, retry_count >= retry_limit as "lastAttempt"`,
    [name, limit],
  );
}

export async function completeJobs(database: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await database.query(
    `update jobs set state = 'completed', completed_on = now()
     where id = any($1::uuid[]) and state = 'active'`,
    [ids],
  );
}

/**
 * Records a failed run: a retry after `retry_delay * 2^retry_count` seconds while retries are left, else the job
 * ends failed. Answers the seconds until the retry, or null when there is none.
 */
export async function failJob(database: Database, id: string, message: string): Promise<number | null> {
  const [row] = await database.query<{ state: string; wait: number | string }>(
    `update jobs set
       state = case when retry_count < retry_limit then 'retry' else 'failed' end,
       start_after = case when retry_count < retry_limit
         then now() + make_interval(secs => retry_delay * power(2, least(retry_count, 20))) else start_after end,
       completed_on = case when retry_count < retry_limit then null else now() end,
       retry_count = case when retry_count < retry_limit then retry_count + 1 else retry_count end,
       output = $2::jsonb
     where id = $1 and state = 'active'
     returning state, extract(epoch from start_after - now())::float8 as wait`,
    [id, JSON.stringify({ message })],
  );
  return row?.state === "retry" ? Number(row.wait) : null;
}

/**
 * Jobs still active past their `expire_seconds` lost their worker (a process killed mid-job): they count a failed
 * run and are retried at once, or fail when no retry is left. Answers the queues that got jobs back.
 */
export async function expireJobs(database: Database): Promise<string[]> {
  const rows = await database.query<{ name: string }>(
    `update jobs set
       state = case when retry_count < retry_limit then 'retry' else 'failed' end,
       start_after = now(),
       completed_on = case when retry_count < retry_limit then null else now() end,
       retry_count = case when retry_count < retry_limit then retry_count + 1 else retry_count end,
       output = '{"message":"the job did not finish within its time; its worker is taken to be gone"}'::jsonb
     where state = 'active' and started_on < now() - make_interval(secs => expire_seconds)
     returning name`,
  );
  return [...new Set(rows.map((row) => row.name))];
}

export async function deleteEndedJobs(database: Database): Promise<void> {
  await database.query(
    `delete from jobs
     where (state = 'completed' and completed_on < now() - make_interval(secs => $1))
        or (state = 'failed' and completed_on < now() - make_interval(secs => $2))`,
    [KEEP_COMPLETED_SECONDS, KEEP_FAILED_SECONDS],
  );
}

async function databaseNow(database: Database): Promise<Date> {
  const [row] = await database.query<{ now: Date | string }>("select now() as now");
  return new Date(row?.now ?? Date.now());
}

/**
 * Records each queue's cron. A schedule new to the database (or whose cron changed) starts from the latest slot
 * already past, so a first start does not run every daily job at once.
 */
export async function saveSchedules(database: Database, schedules: { name: string; cron: string }[]): Promise<void> {
  if (schedules.length === 0) return;
  const now = await databaseNow(database);
  for (const { name, cron } of schedules) {
    const slot = latestSlot(parseCron(cron), now) ?? now;
    await database.query(
      `insert into job_schedules (name, cron, last_slot) values ($1, $2, $3::timestamptz)
       on conflict (name) do update set
         cron = excluded.cron,
         last_slot = case when job_schedules.cron = excluded.cron then job_schedules.last_slot
                          else excluded.last_slot end`,
      [name, cron, slot.toISOString()],
    );
  }
}

/**
 * Enqueues each schedule's latest due slot that is not enqueued yet: one job however many slots were missed while
 * no process ran. Moving `last_slot` and inserting the job are one statement, and the row lock makes a second
 * process that checks at the same moment find the slot taken. Answers the queues that got a job.
 */
export async function enqueueDueSlots(
  database: Database,
  schedules: { name: string; cron: string; retryLimit: number }[],
): Promise<string[]> {
  if (schedules.length === 0) return [];
  const now = await databaseNow(database);
  const enqueued: string[] = [];
  for (const { name, cron, retryLimit } of schedules) {
    const slot = latestSlot(parseCron(cron), now);
    if (!slot) continue;
    const rows = await database.query<{ id: string }>(
      `with claimed as (
         update job_schedules set last_slot = $2::timestamptz
         where name = $1 and cron = $3 and last_slot < $2::timestamptz
         returning name
       )
       insert into jobs (name, data, retry_limit) select name, '{}'::jsonb, $4 from claimed
       returning id`,
      [name, slot.toISOString(), cron, retryLimit],
    );
    if (rows.length > 0) {
      await notify(database, name);
      enqueued.push(name);
    }
  }
  return enqueued;
}

export async function queueDepth(
  database: Database,
): Promise<{ queue: string; state: "waiting" | "active"; count: number }[]> {
  const rows = await database.query<{ name: string; state: string; count: string | number }>(
    `select name, case when state = 'active' then 'active' else 'waiting' end as state, count(*) as count
     from jobs where state in ('created', 'retry', 'active')
     group by 1, 2`,
  );
  return rows.map((row) => ({
    queue: row.name,
    state: row.state as "waiting" | "active",
    count: Number(row.count),
  }));
}

/**
 * Calls `onQueue` with the queue's name for each notification. PGlite delivers them on its one connection; on
 * PostgreSQL a client of its own holds the LISTEN, and is opened again after losing its connection (polling keeps
 * jobs moving meanwhile). Answers a function that stops listening.
 */
export async function listenForJobs(
  database: Database,
  onQueue: (name: string) => void,
  options: { log: FastifyBaseLogger; retrySeconds: number },
): Promise<() => Promise<void>> {
  if (database.pglite) {
    return database.pglite.listen(JOBS_CHANNEL, onQueue);
  }
  const connectionString = database.connectionString;
  if (!connectionString) return async () => {};
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    const fresh = new pg.Client({ connectionString });
    fresh.on("notification", (message) => {
      if (message.payload) onQueue(message.payload);
    });
    const lost = (err?: Error) => {
      if (client !== fresh) return;
      client = null;
      fresh.end().catch(() => {});
      if (stopped) return;
      if (err) options.log.error({ err }, "job queue error");
      retry = setTimeout(() => {
        retry = null;
        connect().catch(() => {});
      }, options.retrySeconds * 1000);
      retry.unref();
    };
    fresh.on("error", lost);
    fresh.on("end", () => lost());
    client = fresh;
    try {
      await fresh.connect();
      await fresh.query(`listen ${JOBS_CHANNEL}`);
    } catch (err) {
      lost(err instanceof Error ? err : new Error(String(err)));
      throw err;
    }
  };

  await connect().catch(() => {});
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const open = client;
    client = null;
    await open?.end().catch(() => {});
  };
}
