import { API_PREFIX, CHAT_API_PREFIX, chatApi } from "@parley/contract";
import type { FastifyInstance } from "fastify";
import { type Bus, createMemoryBus, createRedisBus } from "./chat/bus";
import { registerChatApiPlugins } from "./chat/chat-api";
import { gatewayLimits, registerGateway } from "./chat/gateway";
import { createMemoryPresence, createRedisPresence, type Presence } from "./chat/presence";
import { type Clock, OffsetClock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Context } from "./context";
import { type Database, openDatabase, rowsOf } from "./db/client";
import { migrate } from "./db/migrate";
import { registerAppAccess } from "./http/app-access";
import { registerIdempotency } from "./http/idempotency";
import { registerPrometheus } from "./http/prometheus";
import { createRequestCounter, registerRateLimit } from "./http/rate-limit";
import { createServer, type RegisteredRoute } from "./http/server";
import { registerSessionForgetting } from "./http/session-cache";
import { registerTestingEndpoints } from "./http/testing";
import { registerWeb } from "./http/web";
import { createMailer } from "./integrations/mail";
import { createOutboundGuard } from "./integrations/outbound";
import { dueCampaignsJob } from "./jobs/catalog";
import { jobHandlers as allJobHandlers } from "./jobs/handlers";
import { createJobs, type JobHandler } from "./jobs/runtime";
import { accountRoutes } from "./modules/accounts";
import { accountKindRoutes, signInRoutes } from "./modules/admin";
import { appRoutes } from "./modules/apps";
import { auditedDatabase, auditRoutes, currentAuditScope, registerAuditHooks } from "./modules/audit";
import { authRoutes } from "./modules/auth";
import { billingRoutes, sandboxCardPageRoutes } from "./modules/billing";
import { callChatRoutes, callRoutes } from "./modules/calls";
import { brandCoverFileRoutes, noticeRoutes } from "./modules/campaigns";
import { channelChatRoutes, dashboardChatRoutes } from "./modules/channels";
import { chatUserChatRoutes, testUserRoutes } from "./modules/chat-users";
import { contactRoutes } from "./modules/contact";
import { exportDownloadRoutes, exportRoutes } from "./modules/exports";
import { fileChatRoutes, fileRoutes } from "./modules/files";
import { createStatusMonitor, healthRoutes, serverStatusChecks, statusRoutes } from "./modules/health";
import { liveRoutes } from "./modules/live";
import { messageChatRoutes, messageSearchChatRoutes, messageSearchRoutes, startSearchUpkeep } from "./modules/messages";
import { metricsRoutes } from "./modules/metrics";
import { notificationRoutes } from "./modules/notifications";
import { profanityRoutes } from "./modules/profanity";
import { pushChatRoutes, pushRoutes } from "./modules/push";
import { reportChatRoutes, reportQueueRoutes } from "./modules/reports";
import { translationChatRoutes, translationRoutes } from "./modules/translation";
import { webhookRoutes } from "./modules/webhooks";
import { closeRedis, createRedisClient } from "./redis";
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
  } as Context;
  const bus = options.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, server.log) : createMemoryBus());
  const presence = config.redisUrl ? await createRedisPresence(config.redisUrl, server.log) : createMemoryPresence();
  const redis = config.redisUrl ? await createRedisClient(config.redisUrl, server.log) : null;
  // One budget per caller for both APIs and the WebSocket's frames.
  const counter = createRequestCounter({ perSecond: config.rateLimitPerSecond, redis });
  let gateway: ReturnType<typeof registerGateway> | null = null;
  const observability = registerPrometheus(server, {
    token: config.metricsToken,
    jobs: () => ctx.jobs,
    webSockets: () => gateway?.connectionCount() ?? 0,
  });
  services = createServices(ctx, { bus, presence, onWebhookFailed: observability.webhookFailed });
  const { auth, apps, chatUsers, channels, messages, webhooks } = services;

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
    mailer.close();
    if (!options.bus) await bus.close();
    await presence.close();
    if (redis) await closeRedis(redis);
    if (!options.database) await opened.close();
  });

  const { links, marketplace, admin, accounts, contact, reports, notifications, billing, profanity, push } = services;
  const { translation, brands, brandChannels, campaigns, files, calls } = services;
  await server.register(
    async (api) => {
      registerAppAccess(api, { auth, apps });
      await api.register(healthRoutes, { database, redis, isBusReceiving: () => bus.isReceiving() });
      await registerRateLimit(api, { counter, hook: "preValidation" });
      await api.register(statusRoutes, { status });
      registerIdempotency(api, { db: database.db, clock: ctx.clock });
      await api.register(authRoutes, { auth });
      await api.register(signInRoutes, { links, marketplace });
      await api.register(accountKindRoutes, { auth, links, admin });
      await api.register(contactRoutes, { contact });
      await api.register(accountRoutes, { auth, accounts });
      await api.register(appRoutes, { auth, apps });
      await api.register(dashboardChatRoutes, { auth, apps, chatUsers, channels, messages, brandChannels });
      await api.register(testUserRoutes, { auth, apps, chatUsers });
      await api.register(metricsRoutes, { auth, reports });
      await api.register(notificationRoutes, { auth, notifications });
      await api.register(billingRoutes, { auth, billing });
      await api.register(profanityRoutes, { auth, profanity });
      await api.register(pushRoutes, { auth, push });
      await api.register(webhookRoutes, { auth, webhooks });
      await api.register(translationRoutes, { auth, translation });
      await api.register(callRoutes, { auth, calls });
      await api.register(messageSearchRoutes, { auth, messageSearch: services.messageSearch });
      await api.register(reportQueueRoutes, { auth, reportQueue: services.reportQueue });
      await api.register(auditRoutes, { auth, audit: services.audit });
      await api.register(exportRoutes, { auth, exports: services.exports });
      await api.register(liveRoutes, { auth, apps, live: services.live });
      await api.register(noticeRoutes, { brands, campaigns });
    },
    { prefix: API_PREFIX },
  );
  await server.register(
    async (v1) => {
      await registerChatApiPlugins(v1, config);
      await registerRateLimit(v1, { counter, hook: "preHandler" });
      await v1.register(chatUserChatRoutes, { apps, chatUsers, presence });
      await v1.register(channelChatRoutes, { apps, chatUsers, channels });
      await v1.register(messageChatRoutes, { apps, chatUsers, messages });
      await v1.register(messageSearchChatRoutes, { apps, chatUsers, messageSearch: services.messageSearch });
      await v1.register(fileChatRoutes, { apps, chatUsers, files });
      await v1.register(translationChatRoutes, { apps, chatUsers, translation });
      await v1.register(pushChatRoutes, { apps, chatUsers, push });
      await v1.register(callChatRoutes, { apps, chatUsers, calls });
      await v1.register(reportChatRoutes, { apps, chatUsers, reportQueue: services.reportQueue });
      const realtime = { bus, presence, auth, apps, chatUsers, channels, messages, calls, counter };
      gateway = registerGateway(v1, chatApi.ws, { ...realtime, ...gatewayLimits(config) });
      v1.get(chatApi.openapi, { schema: { hide: true } }, async () => v1.swagger());
    },
    { prefix: CHAT_API_PREFIX },
  );
  await server.register(fileRoutes, { files });
  await server.register(brandCoverFileRoutes, { brands });
  // Counted against the client's address, before the body is read: one download per export and one page and post
  // per card registration are far inside the budget, and a flood of guessed links or posted cards is what it stops.
  await server.register(async (counted) => {
    await registerRateLimit(counted, { counter, hook: "onRequest" });
    await counted.register(exportDownloadRoutes, { exports: services.exports });
    await counted.register(sandboxCardPageRoutes, { billing, gateway: services.gateway });
  });
  const jobHandlers = new Map(handlers.map((h) => [h.job.name, h]));
  if (config.testingEndpoints && ctx.clock instanceof OffsetClock) {
    registerTestingEndpoints(server, { clock: ctx.clock, jobHandlers, database });
  }
  await registerWeb(server, config.webDistDir, config.publicUrl);

  return { server, ctx, services, bus, presence, jobHandlers, routes };
}
