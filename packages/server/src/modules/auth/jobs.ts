import type { Context } from "../../context";
import { purgeUnverifiedAccountsJob } from "../../jobs/catalog";
import { handleJob, type JobHandler } from "../../jobs/runtime";
import type { AuthService } from "./service";

export function authJobs(ctx: Context, deps: { auth: AuthService }): JobHandler[] {
  return [
    handleJob(purgeUnverifiedAccountsJob, async () => {
      const deleted = await deps.auth.purgeUnverifiedAccounts();
      if (deleted.length > 0) ctx.log.info({ count: deleted.length }, "deleted unverified accounts");
    }),
  ];
}
