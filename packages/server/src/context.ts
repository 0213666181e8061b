import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Mailer } from "./integrations/mail";
import type { OutboundGuard } from "./integrations/outbound";
import type { SecretBox } from "./integrations/secret-box";
import type { Jobs } from "./jobs/runtime";

/** What every module is built from. Created once in `app.ts`. */
export interface Context {
  config: Config;
  clock: Clock;
  database: Database;
  mailer: Mailer;
  jobs: Jobs;
  /** The only way to call an address a customer chose or influences: webhooks, FCM, translation. */
  outbound: OutboundGuard;
  log: FastifyBaseLogger;
  /** Seals the secrets the server keeps and must read back (the apps' login-token signing secrets). */
  secrets: SecretBox;
}
