import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ts } from "../db/columns";

export type JobState = "created" | "active" | "retry" | "completed" | "failed";

/**
 * The background job queue. A job waits (`created`, or `retry` after a failure) until `start_after`, is `active`
 * while a worker runs it, and ends `completed` or `failed`; ended jobs are deleted after a while.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    data: jsonb("data").notNull(),
    state: text("state").$type<JobState>().notNull().default("created"),
    retryLimit: integer("retry_limit").notNull().default(5),
    retryCount: integer("retry_count").notNull().default(0),
    /** Seconds before the first retry; each later retry waits twice as long as the one before. */
    retryDelay: integer("retry_delay").notNull().default(5),
    /** An active job not finished this long after it started is taken to be lost with its worker and retried. */
    expireSeconds: integer("expire_seconds").notNull().default(900),
    startAfter: ts("start_after").notNull().defaultNow(),
    singletonKey: text("singleton_key"),
    createdOn: ts("created_on").notNull().defaultNow(),
    startedOn: ts("started_on"),
    completedOn: ts("completed_on"),
    /** The last failure's message. */
    output: jsonb("output"),
  },
  (t) => [
    check("jobs_state_check", sql`${t.state} in ('created', 'active', 'retry', 'completed', 'failed')`),
    // The workers' fetch: a queue's due jobs, oldest first.
    index("jobs_waiting_idx").on(t.name, t.startAfter).where(sql`${t.state} in ('created', 'retry')`),
    // The search for jobs whose worker died.
    index("jobs_active_idx").on(t.startedOn).where(sql`${t.state} = 'active'`),
    // The clean-up of ended jobs.
    index("jobs_ended_idx").on(t.completedOn).where(sql`${t.state} in ('completed', 'failed')`),
    // A singleton key has at most one job waiting to start per queue; a send that meets one is dropped.
    uniqueIndex("jobs_singleton_idx")
      .on(t.name, t.singletonKey)
      .where(sql`${t.state} = 'created' and ${t.singletonKey} is not null`),
  ],
);

/**
 * The cron schedules of the queues. `last_slot` is the latest minute already enqueued: a process enqueues a slot by
 * moving it forward, so each slot is enqueued once however many processes check.
 */
export const jobSchedules = pgTable("job_schedules", {
  name: text("name").primaryKey(),
  cron: text("cron").notNull(),
  lastSlot: ts("last_slot").notNull(),
});
