import type { FastifyInstance } from "fastify";
import { type Bus, createMemoryBus, createRedisBus } from "./chat/bus";
import { createMemoryPresence, createRedisPresence, type Presence } from "./chat/presence";
import { type Clock, OffsetClock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Context } from "./context";
import { type Database, openDatabase, rowsOf } from "./db/client";
import { startEmbeddedUpkeep } from "./db/embedded-upkeep";
import { migrate } from "./db/migrate";
import type { registerGateway } from "./gateway/gateway";
import { registerPrometheus } from "./http/prometheus";
import { createRequestCounter } from "./http/rate-limit";
import { createServer, type RegisteredRoute } from "./http/server";
import { registerSessionForgetting } from "./http/session-cache";
import { registerTestingEndpoints } from "./http/testing";
import { registerWeb } from "./http/web";
import { createMailer } from "./integrations/mail";
import { createOutboundGuard } from "./integrations/outbound";
import { openSecretBox } from "./integrations/secret-box";
import { jobHandlers as allJobHandlers } from "./job-handlers";
import { dueCampaignsJob } from "./jobs/catalog";
import { createJobs, type JobHandler } from "./jobs/runtime";
import { auditedDatabase, currentAuditScope, registerAuditHooks } from "./modules/audit";
import { createStatusMonitor, serverStatusChecks } from "./modules/health";
import { startSearchUpkeep } from "./modules/messages";
import { closeRedis, createRedisClient } from "./redis";
import { registerRoutes } from "./routes";
import { createServices, type Services } from "./services";

export type { RegisteredRoute } from "./http/server";

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  /** An open database the caller owns; otherwise one is opened from the config and closed with the app. */
  database?: Database;
  /** A bus the caller owns (tests share one between two apps); otherwise in-process. */
  bus?: Bus;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void };
}

export interface App {
  server: FastifyInstance;
  ctx: Context;
  services: Services;
  bus: Bus;
  /** Who holds a WebSocket, on any process: what push asks before notifying. */
  presence: Presence;
  /** Handlers by job name, so tests and the CLI can run a job's work directly. */
  jobHandlers: Map<string, JobHandler>;
  /** Every route the server answers, as registered, with its input schemas: what tests sweep over to leave none out. */
  routes: RegisteredRoute[];
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const { server, routes } = createServer(config, options.logStream);
  registerAuditHooks(server, () => (services as Services).audit);

  const opened = options.database ?? (await openDatabase(config));
  await migrate(opened);
  // Every service writes through the audited handle: inside an audited request, a change and its audit entry
  // commit together (modules/audit). The services are made below; the entry is written by theirs.
  let services: Services | undefined;
  const db = auditedDatabase(opened.db, (tx, scope, changes) => {
    if (!services) throw new Error("an audited change before the services were made");
    return services.audit.flush(tx, scope, changes);
  });
  const database: Database = {
    ...opened,
    db,
    prepared: async (query) => (currentAuditScope() ? rowsOf(await db.execute(query)) : opened.prepared(query)),
  };
  const mailer = createMailer({ smtpUrl: config.smtpUrl, mailDir: config.mailDir, from: config.mailFrom });
  const ctx = {
    config,
    clock: options.clock ?? (config.testingEndpoints ? new OffsetClock() : systemClock),
    database,
    mailer,
    outbound: createOutboundGuard({ allowedNetworks: config.outboundAllowedNetworks }),
    log: server.log,
    secrets: openSecretBox(config),
  } as Context;
  const bus = options.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, server.log) : createMemoryBus());
  const presence = config.redisUrl ? await createRedisPresence(config.redisUrl, server.log) : createMemoryPresence();
  const redis = config.redisUrl ? await createRedisClient(config.redisUrl, server.log) : null;
  // One budget per caller for both APIs and the WebSocket's frames.
  const counter = createRequestCounter({
    perSecond: config.rateLimitPerSecond,
    serverPerSecond: config.rateLimitServerPerSecond,
    redis,
  });
  let gateway: ReturnType<typeof registerGateway> | null = null;
  const observability = registerPrometheus(server, {
    token: config.metricsToken,
    jobs: () => ctx.jobs,
    webSockets: () => gateway?.connectionCount() ?? 0,
  });
  services = createServices(ctx, { bus, presence, onWebhookFailed: observability.webhookFailed });
  const { auth, chatUsers } = services;
  // Before any request: plain or previous-key secrets are sealed again, and one the key cannot open stops start-up.
  await chatUsers.signing.sealStoredSecrets();

  const handlers = allJobHandlers(ctx, services);
  ctx.jobs = createJobs({
    database,
    handlers,
    workers: config.jobsEnabled,
    pollSeconds: config.jobPollSeconds,
    log: server.log,
  });
  await ctx.jobs.start();
  const searchUpkeep =
    config.jobsEnabled && config.searchMergeMs > 0
      ? startSearchUpkeep(database, server.log, config.searchMergeMs)
      : null;
  const embeddedUpkeep =
    config.jobsEnabled && database.kind === "pglite" ? startEmbeddedUpkeep(database, server.log) : null;
  if (config.jobsEnabled) {
    void services.outbox.dispatch();
    // A send a stopped process left halfway resumes now rather than at the next minute's sweep.
    await ctx.jobs.send(dueCampaignsJob, {});
  }

  const status = createStatusMonitor({
    checks: serverStatusChecks({ database, redis, mailer, isBusReceiving: () => bus.isReceiving() }),
    clock: ctx.clock,
    log: server.log,
  });

  registerSessionForgetting(server, bus, [auth, chatUsers]);
  server.addHook("onClose", async () => {
    status.close();
    services.live.close();
    // Sessions used in the last second are marked before the database goes.
    await chatUsers.flushSessionMarks();
    await ctx.jobs.stop();
    await searchUpkeep?.stop();
    await embeddedUpkeep?.stop();
    mailer.close();
    ctx.outbound.close();
    if (!options.bus) await bus.close();
    await presence.close();
    if (redis) await closeRedis(redis);
    if (!options.database) await opened.close();
  });

  gateway = await registerRoutes(server, {
    config,
    clock: ctx.clock,
    services,
    database,
    redis,
    bus,
    presence,
    counter,
    status,
  });
  const jobHandlers = new Map(handlers.map((h) => [h.job.name, h]));
  if (config.testingEndpoints && ctx.clock instanceof OffsetClock) {
    registerTestingEndpoints(server, { clock: ctx.clock, jobHandlers, database, auth: services.auth });
  }
  await registerWeb(server, config.webDistDir, config.publicUrl);

  return { server, ctx, services, bus, presence, jobHandlers, routes };
}
