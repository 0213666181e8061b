import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createJobs, defineJob, handleJob, type Jobs } from "../../src/jobs/runtime";
import { startTestApp, type TestApp } from "../harness";
import { until } from "../poll";

let t: TestApp;
let jobs: Jobs | null = null;
let atStart: Jobs | null = null;

beforeAll(async () => {
  t = await startTestApp({ env: { JOBS_ENABLED: "false" } });
});
afterAll(async () => {
  await jobs?.stop();
  await atStart?.stop();
  await t?.close();
});

describe("job runtime", () => {
  it("works a backlog in batches without a poll per job, and retries only the job that failed", async () => {
    const batchJob = defineJob({ name: "test.batched", payload: z.object({ n: z.number() }), batchSize: 10 });
    const runs = new Map<number, number>();
    jobs = createJobs({
      database: t.ctx.database,
      handlers: [
        handleJob(batchJob, async ({ n }) => {
          const count = (runs.get(n) ?? 0) + 1;
          runs.set(n, count);
          if (n === 7 && count === 1) throw new Error("the seventh fails once");
        }),
      ],
      workers: true,
      // Delayed jobs wake no worker: they wait for a poll. One job per 2 s poll would take 80 s for these 40; a full
      // batch fetches the next at once.
      pollSeconds: 2,
      log: t.ctx.log,
    });
    await jobs.start();
    for (let n = 0; n < 40; n++) await jobs.send(batchJob, { n }, { startAfter: 1 });

    await until(
      () => runs.size === 40 && runs.get(7) === 2,
      () => `all 40 jobs to run and the seventh to run again; ${runs.size} ran`,
      30_000,
      200,
    );
    expect(runs.size).toBe(40);
    expect(runs.get(7)).toBe(2);
    expect([...runs].filter(([n, count]) => n !== 7 && count !== 1)).toEqual([]);
  }, 60_000);

  it("runs a job marked to run at start once when a process with workers starts, and not one that is not", async () => {
    // A schedule that is never due in the test's time: only the start can run them.
    const sweep = defineJob({
      name: "test.sweep-at-start",
      payload: z.object({}).passthrough(),
      schedule: "0 0 1 1 *",
      runsAtStart: true,
    });
    const plain = defineJob({
      name: "test.plain-at-start",
      payload: z.object({}).passthrough(),
      schedule: "0 0 1 1 *",
    });
    const runs = { sweep: 0, plain: 0 };
    let ran: () => void = () => {};
    const first = new Promise<void>((resolve) => {
      ran = resolve;
    });
    atStart = createJobs({
      database: t.ctx.database,
      handlers: [
        handleJob(sweep, async () => {
          runs.sweep += 1;
          ran();
        }),
        handleJob(plain, async () => {
          runs.plain += 1;
        }),
      ],
      workers: true,
      pollSeconds: 1,
      log: t.ctx.log,
    });
    await atStart.start();
    await first;
    const queued = await t.ctx.database.query<{ name: string; n: number }>(
      "select name, count(*)::int as n from jobs where name like 'test.%-at-start' group by name",
    );
    expect(queued).toEqual([{ name: "test.sweep-at-start", n: 1 }]);
    expect(runs).toEqual({ sweep: 1, plain: 0 });
  }, 30_000);
});
