import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { latestSlot, parseCron } from "../../src/jobs/cron";
import { expireJobs, fetchJobs } from "../../src/jobs/queue";
import { createJobs, defineJob, handleJob, type JobHandler, type Jobs } from "../../src/jobs/runtime";
import { startTestApp, type TestApp } from "../harness";
import { eventually, until } from "../poll";

let t: TestApp;
const started: Jobs[] = [];

beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_ENABLED: "false" } });
});
afterEach(async () => {
  await Promise.all(started.splice(0).map((jobs) => jobs.stop()));
});
afterAll(async () => {
  await t?.close();
});

/** A queue name no other test uses, so each test reads only its own jobs. */
function queueName(label: string): string {
  return `test.${label}.${randomBytes(3).toString("hex")}`;
}

const payload = z.object({ n: z.number() });

async function startJobs(handlers: JobHandler[], workers = true): Promise<Jobs> {
  const jobs = createJobs({ database: t.ctx.database, handlers, workers, pollSeconds: 0.5, log: t.ctx.log });
  started.push(jobs);
  await jobs.start();
  return jobs;
}

/** How long a test waits on the queue's workers, which poll the table. */
const JOB_WAIT_MS = 15_000;

interface JobRow {
  id: string;
  state: string;
  retry_count: number;
  output: { message: string } | null;
  /** Seconds from the run's start to when the job may run again. */
  backoff: number;
  /** Seconds from the send to when the job may first run. */
  deferred: number;
}

async function jobRows(name: string): Promise<JobRow[]> {
  return t.ctx.database.query<JobRow>(
    `select id, state, retry_count, output,
            extract(epoch from start_after - started_on)::float8 as backoff,
            extract(epoch from start_after - created_on)::float8 as deferred
     from jobs where name = $1 order by created_on, id`,
    [name],
  );
}

async function jobRow(name: string): Promise<JobRow | undefined> {
  return (await jobRows(name))[0];
}

/** Makes a queue's waiting jobs due now, in place of waiting out their back-off. */
async function dueNow(name: string) {
  await t.ctx.database.query("update jobs set start_after = now() where name = $1 and state in ('created', 'retry')", [
    name,
  ]);
}

describe("job queue", () => {
  it("runs a sent job with its payload and marks it completed", async () => {
    const job = defineJob({ name: queueName("run"), payload });
    const seen: { n: number; jobId: string }[] = [];
    const jobs = await startJobs([handleJob(job, async ({ n }, { jobId }) => void seen.push({ n, jobId }))]);
    const id = await jobs.send(job, { n: 42 });
    await until(async () => (await jobRow(job.name))?.state === "completed", "the job to complete", JOB_WAIT_MS);
    expect(seen).toEqual([{ n: 42, jobId: id }]);
  });

  it("rejects a payload that does not match the job's schema", async () => {
    const job = defineJob({ name: queueName("invalid"), payload });
    const jobs = await startJobs([], false);
    await expect(jobs.send(job, { n: "one" } as unknown as { n: number })).rejects.toThrow();
    expect(await jobRows(job.name)).toEqual([]);
  });

  it("retries a failed job after 5 s, then 10 s, and completes it when it succeeds", async () => {
    const job = defineJob({ name: queueName("retry"), payload });
    let runs = 0;
    await startJobs([
      handleJob(job, async () => {
        runs++;
        if (runs < 3) throw new Error(`attempt ${runs} fails`);
      }),
    ]).then((jobs) => jobs.send(job, { n: 1 }));

    const first = await eventually(
      async () => {
        const row = await jobRow(job.name);
        return row?.state === "retry" && row.retry_count === 1 ? row : undefined;
      },
      "the first retry",
      JOB_WAIT_MS,
    );
    expect(first.backoff).toBeGreaterThanOrEqual(5);
    expect(first.backoff).toBeLessThan(6);
    expect(first.output).toEqual({ message: "attempt 1 fails" });
    await dueNow(job.name);

    const second = await eventually(
      async () => {
        const row = await jobRow(job.name);
        return row?.state === "retry" && row.retry_count === 2 ? row : undefined;
      },
      "the second retry",
      JOB_WAIT_MS,
    );
    expect(second.backoff).toBeGreaterThanOrEqual(10);
    expect(second.backoff).toBeLessThan(11);
    await dueNow(job.name);

    await until(async () => (await jobRow(job.name))?.state === "completed", "the job to complete", JOB_WAIT_MS);
    expect(runs).toBe(3);
  });

  it("fails a job for good once its retries are used up, telling the handler which attempt is the last", async () => {
    const job = defineJob({ name: queueName("give-up"), payload, retryLimit: 1 });
    let runs = 0;
    const lastAttempts: (boolean | undefined)[] = [];
    const jobs = await startJobs([
      handleJob(job, async (_payload, run) => {
        runs++;
        lastAttempts.push(run.lastAttempt);
        throw new Error("always fails");
      }),
    ]);
    await jobs.send(job, { n: 1 });
    await until(async () => (await jobRow(job.name))?.state === "retry", "the retry", JOB_WAIT_MS);
    await dueNow(job.name);
    const row = await eventually(
      async () => {
        const found = await jobRow(job.name);
        return found?.state === "failed" ? found : undefined;
      },
      "the job to fail",
      JOB_WAIT_MS,
    );
    expect(row).toMatchObject({ retry_count: 1, output: { message: "always fails" } });
    expect(runs).toBe(2);
    expect(lastAttempts).toEqual([false, true]);
  });

  it("drops a send whose singleton key already has a job waiting, but not once that job has started", async () => {
    const job = defineJob({ name: queueName("singleton"), payload });
    const other = defineJob({ name: queueName("singleton-other"), payload });
    const jobs = await startJobs([], false);
    const first = await jobs.send(job, { n: 1 }, { singletonKey: "campaign-1" });
    expect(first).toEqual(expect.any(String));
    expect(await jobs.send(job, { n: 2 }, { singletonKey: "campaign-1" })).toBeNull();
    // Another key, or the same key on another queue, is another job.
    expect(await jobs.send(job, { n: 3 }, { singletonKey: "campaign-2" })).toEqual(expect.any(String));
    expect(await jobs.send(other, { n: 4 }, { singletonKey: "campaign-1" })).toEqual(expect.any(String));
    // Without a key nothing is deduplicated.
    expect(await jobs.send(job, { n: 5 })).toEqual(expect.any(String));
    expect(await jobs.send(job, { n: 5 })).toEqual(expect.any(String));

    await t.ctx.database.query("update jobs set state = 'active', started_on = now() where id = $1", [first]);
    expect(await jobs.send(job, { n: 6 }, { singletonKey: "campaign-1" })).toEqual(expect.any(String));
  });

  it("holds a job sent with startAfter until that many seconds have passed", async () => {
    const job = defineJob({ name: queueName("deferred"), payload });
    const jobs = await startJobs([], false);
    const id = await jobs.send(job, { n: 1 }, { startAfter: 30 });
    const row = await jobRow(job.name);
    expect(row?.state).toBe("created");
    expect(row?.deferred).toBeGreaterThanOrEqual(29.9);
    expect(row?.deferred).toBeLessThanOrEqual(30.1);
    expect(await fetchJobs(t.ctx.database, job.name, 10)).toEqual([]);

    await dueNow(job.name);
    expect(await fetchJobs(t.ctx.database, job.name, 10)).toEqual([{ id, data: { n: 1 }, lastAttempt: false }]);
  });

  it("wakes the workers when a deferred job comes due, without waiting for a poll", async () => {
    const job = defineJob({ name: queueName("wake"), payload });
    let ranAt = 0;
    const jobs = createJobs({
      database: t.ctx.database,
      handlers: [
        handleJob(job, async () => {
          ranAt = Date.now();
        }),
      ],
      workers: true,
      pollSeconds: 60,
      log: t.ctx.log,
    });
    started.push(jobs);
    await jobs.start();
    const sentAt = Date.now();
    await jobs.send(job, { n: 1 }, { startAfter: 1 });
    await until(() => ranAt > 0, "the deferred job to run", 10_000);
    expect(ranAt - sentAt).toBeGreaterThanOrEqual(1000);
    expect(ranAt - sentAt).toBeLessThan(5000);
  });

  it("enqueues a due cron slot once with two processes on one database, and only the latest missed one", async () => {
    const [clock] = await t.ctx.database.query<{ now: Date }>("select now() as now");
    // A daily schedule whose time passed five minutes ago; the last slot enqueued was three days before.
    const due = new Date(new Date(clock?.now ?? Date.now()).getTime() - 5 * 60_000);
    const cron = `${due.getUTCMinutes()} ${due.getUTCHours()} * * *`;
    const job = defineJob({ name: queueName("cron"), payload: z.object({}).passthrough(), schedule: cron });
    await t.ctx.database.query(
      "insert into job_schedules (name, cron, last_slot) values ($1, $2, now() - interval '3 days')",
      [job.name, cron],
    );
    let runs = 0;
    const handler = handleJob(job, async () => {
      runs++;
    });
    await Promise.all([startJobs([handler]), startJobs([handler])]);

    await until(async () => (await jobRow(job.name))?.state === "completed", "the cron job to complete", JOB_WAIT_MS);
    expect((await jobRows(job.name)).length).toBe(1);
    expect(runs).toBe(1);
    const [schedule] = await t.ctx.database.query<{ last_slot: Date }>(
      "select last_slot from job_schedules where name = $1",
      [job.name],
    );
    expect(new Date(schedule?.last_slot ?? 0).toISOString()).toBe(latestSlot(parseCron(cron), due)?.toISOString());
  });

  it("starts a new schedule from now, so no slot from before it existed runs", async () => {
    const job = defineJob({ name: queueName("cron-new"), payload: z.object({}).passthrough(), schedule: "* * * * *" });
    const minute = () => Math.floor(Date.now() / 60_000);
    const startedIn = minute();
    await startJobs([handleJob(job, async () => {})]);
    const [schedule] = await t.ctx.database.query<{ cron: string; ahead: number }>(
      "select cron, extract(epoch from now() - last_slot)::float8 as ahead from job_schedules where name = $1",
      [job.name],
    );
    const jobs = await jobRows(job.name);
    expect(schedule?.cron).toBe("* * * * *");
    // The slot of the current minute counts as enqueued: it lies at most a minute back.
    expect(schedule?.ahead).toBeLessThan(61);
    // Only a minute that began after the start may have run: none, unless the clock crossed into the next minute.
    expect(jobs.length).toBeLessThanOrEqual(minute() - startedIn);
  });

  it("hands out again a job whose worker died while running it, once its time is up", async () => {
    const job = defineJob({ name: queueName("lost"), payload });
    const insert = (minutesAgo: number, n: number) =>
      t.ctx.database.query<{ id: string }>(
        `insert into jobs (name, data, state, started_on)
         values ($1, $2::jsonb, 'active', now() - make_interval(mins => $3)) returning id`,
        [job.name, JSON.stringify({ n }), minutesAgo],
      );
    const [lost] = await insert(16, 1);
    const [running] = await insert(1, 2);
    const ran: number[] = [];
    await startJobs([handleJob(job, async ({ n }) => void ran.push(n))]);

    await until(
      async () => (await jobRows(job.name)).some((row) => row.id === lost?.id && row.state === "completed"),
      "the lost job to complete",
      JOB_WAIT_MS,
    );
    expect(ran).toEqual([1]);
    const rows = await jobRows(job.name);
    expect(rows.find((row) => row.id === lost?.id)?.retry_count).toBe(1);
    // A job within its 15 minutes is still its worker's.
    expect(await expireJobs(t.ctx.database)).not.toContain(job.name);
    expect(rows.find((row) => row.id === running?.id)?.state).toBe("active");
  });

  it("runs a batch side by side and completes or retries each job of it on its own", async () => {
    const job = defineJob({ name: queueName("batch"), payload, batchSize: 5, retryLimit: 0 });
    const sender = await startJobs([], false);
    for (let n = 0; n < 5; n++) await sender.send(job, { n });
    let running = 0;
    let together = 0;
    await startJobs([
      handleJob(job, async ({ n }) => {
        running++;
        together = Math.max(together, running);
        await until(() => running === 5 || together === 5, "the whole batch to start", 5_000).catch(() => {});
        running--;
        if (n === 2) throw new Error("the third fails");
      }),
    ]);
    await until(
      async () => (await jobRows(job.name)).every((row) => row.state === "completed" || row.state === "failed"),
      "the batch to end",
      JOB_WAIT_MS,
    );
    expect(together).toBe(5);
    const states = (await jobRows(job.name)).map((row) => row.state);
    expect(states.filter((state) => state === "completed").length).toBe(4);
    expect(states.filter((state) => state === "failed").length).toBe(1);
  });

  it("lets a running job finish before stop returns", async () => {
    const job = defineJob({ name: queueName("stop"), payload });
    let begun = false;
    let finished = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const jobs = await startJobs([
      handleJob(job, async () => {
        begun = true;
        await released;
        finished = true;
      }),
    ]);
    await jobs.send(job, { n: 1 });
    await until(() => begun, "the job to start", JOB_WAIT_MS);
    // The job is still running when stop is asked for; it ends only once stop is already waiting on it.
    let hasStopped = false;
    const stopped = jobs.stop().then(() => {
      hasStopped = true;
    });
    expect((await jobRow(job.name))?.state).toBe("active");
    expect(hasStopped).toBe(false);
    release();
    await stopped;
    expect(finished).toBe(true);
    expect((await jobRow(job.name))?.state).toBe("completed");
  });

  it("counts waiting and running jobs per queue", async () => {
    const job = defineJob({ name: queueName("depth"), payload });
    const jobs = await startJobs([], false);
    const first = await jobs.send(job, { n: 1 });
    await jobs.send(job, { n: 2 });
    await jobs.send(job, { n: 3 }, { startAfter: 600 });
    const done = await jobs.send(job, { n: 4 });
    await t.ctx.database.query("update jobs set state = 'active', started_on = now() where id = $1", [first]);
    await t.ctx.database.query("update jobs set state = 'completed', completed_on = now() where id = $1", [done]);
    const depth = (await jobs.depth()).filter((row) => row.queue === job.name);
    expect(depth.sort((a, b) => a.state.localeCompare(b.state))).toEqual([
      { queue: job.name, state: "active", count: 1 },
      { queue: job.name, state: "waiting", count: 2 },
    ]);
  });
});

describe("cron expressions", () => {
  const at = (iso: string) => new Date(iso);
  const latest = (cron: string, iso: string) => latestSlot(parseCron(cron), at(iso))?.toISOString();

  it("finds the latest minute at or before a time for each catalogue schedule", () => {
    expect(latest("* * * * *", "2026-03-10T12:34:56.789Z")).toBe("2026-03-10T12:34:00.000Z");
    expect(latest("*/5 * * * *", "2026-03-10T12:34:56Z")).toBe("2026-03-10T12:30:00.000Z");
    expect(latest("*/5 * * * *", "2026-03-10T12:35:00Z")).toBe("2026-03-10T12:35:00.000Z");
    expect(latest("17 3 * * *", "2026-03-10T03:16:59Z")).toBe("2026-03-09T03:17:00.000Z");
    expect(latest("17 3 * * *", "2026-03-10T03:17:00Z")).toBe("2026-03-10T03:17:00.000Z");
    expect(latest("5 0 * * *", "2026-01-01T00:04:00Z")).toBe("2025-12-31T00:05:00.000Z");
  });

  it("reads lists, ranges and stepped ranges", () => {
    const cron = parseCron("0,30 9-17/4 1,15 1-6 *");
    expect([...cron.minutes]).toEqual([0, 30]);
    expect([...cron.hours]).toEqual([9, 13, 17]);
    expect([...cron.daysOfMonth]).toEqual([1, 15]);
    expect([...cron.months]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(latest("0,30 9-17/4 1,15 1-6 *", "2026-07-20T00:00:00Z")).toBe("2026-06-15T17:30:00.000Z");
    expect([...parseCron("10/20 * * * *").minutes]).toEqual([10, 30, 50]);
  });

  it("matches a day of the week, Sunday as 0 or 7, and either day field when both are given", () => {
    // 2026-03-10 is a Tuesday.
    expect(latest("0 12 * * 1", "2026-03-10T13:00:00Z")).toBe("2026-03-09T12:00:00.000Z");
    expect(latest("0 12 * * 7", "2026-03-10T13:00:00Z")).toBe("2026-03-08T12:00:00.000Z");
    expect(latest("0 12 * * 0", "2026-03-10T13:00:00Z")).toBe("2026-03-08T12:00:00.000Z");
    expect(latest("0 12 1 * 1", "2026-03-10T13:00:00Z")).toBe("2026-03-09T12:00:00.000Z");
    expect(latest("0 12 10 * 1", "2026-03-10T13:00:00Z")).toBe("2026-03-10T12:00:00.000Z");
  });

  it("answers null for a day that never comes", () => {
    expect(latest("0 0 31 2 *", "2026-03-10T00:00:00Z")).toBeUndefined();
  });

  it("rejects expressions it cannot read", () => {
    for (const bad of ["* * * *", "60 * * * *", "* 24 * * *", "* * 0 * *", "* * * 13 *", "* * * * 8", "*/0 * * * *"]) {
      expect(() => parseCron(bad), bad).toThrow();
    }
    for (const bad of ["5-1 * * * *", "a * * * *", "1-2-3 * * * *", "*/2/2 * * * *", "MON * * * *"]) {
      expect(() => parseCron(bad), bad).toThrow();
    }
  });
});
