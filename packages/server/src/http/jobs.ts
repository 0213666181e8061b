import type { Context } from "../context";
import { expireIdempotencyKeysJob } from "../jobs/catalog";
import { handleJob, type JobHandler } from "../jobs/runtime";
import { expireIdempotencyKeys } from "./idempotency";

export function idempotencyJobs(ctx: Context): JobHandler[] {
  return [
    handleJob(expireIdempotencyKeysJob, async () => {
      const removed = await expireIdempotencyKeys(ctx.database.db, ctx.clock);
      if (removed > 0) ctx.log.info({ count: removed }, "removed expired idempotency keys");
    }),
  ];
}
