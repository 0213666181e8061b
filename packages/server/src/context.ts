import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Mailer } from "./integrations/mail";
import type { Jobs } from "./jobs/runtime";

/** What every module is built from. Created once in `app.ts`. */
export interface Context {
  config: Config;
  clock: Clock;
  database: Database;
  mailer: Mailer;
  jobs: Jobs;
  log: FastifyBaseLogger;
}
