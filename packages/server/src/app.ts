import fastifyMultipart from "@fastify/multipart";
import fastifySwagger from "@fastify/swagger";
import fastifyWebsocket from "@fastify/websocket";
import { API_PREFIX, CHAT_API_PREFIX, chatApi } from "@parley/contract";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import { jsonSchemaTransform, serializerCompiler } from "fastify-type-provider-zod";
import { type Bus, createMemoryBus, createRedisBus, type SessionsEnded } from "./chat/bus";
import { registerGateway } from "./chat/gateway";
import { createOutbox } from "./chat/outbox";
import { createMemoryPresence, createRedisPresence, type Presence } from "./chat/presence";
import { chatRoutes } from "./chat/routes";
import { type Clock, OffsetClock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Context } from "./context";
import { type Database, openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { sentMail } from "./db/schema";
import { AppError } from "./errors";
import { authOf, requireAuth } from "./http/authenticate";
import { registerErrorHandler } from "./http/error-handler";
import { expireIdempotencyKeys, registerIdempotency } from "./http/idempotency";
import { registerJsonParser } from "./http/json-body";
import { BODY_LIMIT_BYTES, SECRET_LOG_PATHS } from "./http/limits";
import { registerPrometheus } from "./http/prometheus";
import { createRequestCounter, registerRateLimit } from "./http/rate-limit";
import { lazyRequestLogger } from "./http/request-logger";
import { registerSecurityHeaders, requestId, serializeRequest } from "./http/security";
import { registerTestingEndpoints } from "./http/testing";
import { validatorCompiler } from "./http/validation";
import { registerWeb } from "./http/web";
import { createFcmClient } from "./integrations/fcm";
import { createMailer } from "./integrations/mail";
import { createOutboundGuard } from "./integrations/outbound";
import { createSandboxGateway } from "./integrations/payments";
import { createDiskStorage } from "./integrations/storage";
import {
  billingDailyJob,
  dailyUsageReportJob,
  deliverWebhookJob,
  dispatchEventsJob,
  dueCampaignsJob,
  expireFilesJob,
  expireIdempotencyKeysJob,
  purgeUnverifiedAccountsJob,
  pushEventJob,
  runCampaignJob,
  sendMailJob,
  sweepWebhooksJob,
} from "./jobs/catalog";
import { createJobs, handleJob, type JobHandler } from "./jobs/runtime";
import { textLogStream } from "./log-text";
import { createAdminService } from "./modules/account-kinds/admin";
import { createMarketplace } from "./modules/account-kinds/marketplace";
import { accountKindRoutes, signInRoutes } from "./modules/account-kinds/routes";
import { createSignInLinks } from "./modules/account-kinds/sign-in-links";
import { accountRoutes } from "./modules/accounts/routes";
import { createAccountService } from "./modules/accounts/service";
import { appRoutes } from "./modules/apps/routes";
import { createAppService } from "./modules/apps/service";
import { authRoutes } from "./modules/auth/routes";
import { createAuthService } from "./modules/auth/service";
import { billingRoutes } from "./modules/billing/routes";
import { sandboxCardPageRoutes } from "./modules/billing/sandbox-page";
import { createBillingService } from "./modules/billing/service";
import { dashboardChatRoutes } from "./modules/channels/dashboard-routes";
import { createChannelService } from "./modules/channels/service";
import { testUserRoutes } from "./modules/chat-users/dashboard-routes";
import { createChatUserService } from "./modules/chat-users/service";
import { contactRoutes } from "./modules/contact/routes";
import { createContactService } from "./modules/contact/service";
import { fileRoutes } from "./modules/files/routes";
import { createFileService } from "./modules/files/service";
import { healthRoutes, statusRoutes } from "./modules/health/routes";
import { createStatusMonitor, serverStatusChecks } from "./modules/health/status";
import { createMessageService } from "./modules/messages/service";
import { createReportService } from "./modules/metrics/reports";
import { metricsRoutes } from "./modules/metrics/routes";
import { createMetricsService } from "./modules/metrics/service";
import { createBrandService, requireNoticeFeature } from "./modules/notice/brands";
import { createCampaignService } from "./modules/notice/campaigns";
import { brandCoverFileRoutes, noticeRoutes } from "./modules/notice/routes";
import { createCampaignSender } from "./modules/notice/sender";
import { notificationRoutes } from "./modules/notifications/routes";
import { createNotificationService } from "./modules/notifications/service";
import { profanityRoutes } from "./modules/profanity/routes";
import { createProfanityService } from "./modules/profanity/service";
import { pushChatRoutes } from "./modules/push/chat-routes";
import { pushRoutes } from "./modules/push/routes";
import { createPushService } from "./modules/push/service";
import { translationChatRoutes } from "./modules/translation/chat-routes";
import { translationRoutes } from "./modules/translation/routes";
import { createTranslationService } from "./modules/translation/service";
import { webhookRoutes } from "./modules/webhooks/routes";
import { createWebhookService } from "./modules/webhooks/service";
import { closeRedis, createRedisClient } from "./redis";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export interface RegisteredRoute {
  method: string;
  url: string;
  /** The zod schemas the route validates its input with, where it has them. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
  /** A WebSocket route: its input arrives in frames, not in the request. */
  websocket: boolean;
  /** An upload route: its body is `multipart/form-data` (its schema's `consumes`), read by the handler. */
  multipart: boolean;
}

export interface App {
  server: FastifyInstance;
  ctx: Context;
  services: ReturnType<typeof createServices>;
  bus: Bus;
  /** Who holds a WebSocket, on any process: what push asks before notifying. */
  presence: Presence;
  /** Handlers by job name, so tests and the CLI can run a job's work directly. */
  jobHandlers: Map<string, JobHandler>;
  /** Every route the server answers, as registered, with its input schemas: what tests sweep over to leave none out. */
  routes: RegisteredRoute[];
}

function createServices(ctx: Context, bus: Bus, presence: Presence) {
  const metrics = createMetricsService(ctx);
  const sessionsEnded: SessionsEnded = (ended) => bus.publish({ sessionsEnded: ended });
  const apps = createAppService(ctx, metrics);
  const chatUsers = createChatUserService(ctx, { metrics, sessionsEnded, apps });
  const outbox = createOutbox(ctx);
  const channels = createChannelService(ctx, { bus, chatUsers, outbox });
  const messages = createMessageService(ctx, { bus, channels, metrics });
  const gateway = createSandboxGateway({ db: ctx.database.db, clock: ctx.clock, publicUrl: ctx.config.publicUrl });
  const billing = createBillingService(ctx, { gateway });
  apps.chatAccessChecks.push(billing.requireChatService);
  messages.stages.checks.push(billing.checkTrialQuota);
  const profanity = createProfanityService(ctx, { apps });
  messages.stages.filters.push(profanity.filterMessage);
  const webhooks = createWebhookService(ctx, { apps });
  outbox.register(webhooks.consumer);
  const push = createPushService(ctx, {
    apps,
    chatUsers,
    presence,
    fcm: createFcmClient({
      baseUrl: ctx.config.fcmBaseUrl,
      oauthTokenUrl: ctx.config.fcmOauthTokenUrl,
      outbound: ctx.outbound,
    }),
  });
  outbox.register(push.consumer);
  const auth = createAuthService(ctx, { sessionsEnded });
  const links = createSignInLinks(ctx, { apps, auth });
  const storage = createDiskStorage(ctx.config.filesDir);
  const brands = createBrandService(ctx, { apps, storage });
  const campaigns = createCampaignService(ctx, { apps, brands });
  const campaignSender = createCampaignSender(ctx, { apps, channels, messages });
  messages.stages.read.push(campaignSender.markRead);
  push.messagePushOverrides.push(campaignSender.pushOverride);
  return {
    auth,
    links,
    marketplace: createMarketplace(ctx, { links }),
    admin: createAdminService(ctx, { billing, links }),
    accounts: createAccountService(ctx),
    contact: createContactService(ctx),
    notifications: createNotificationService(ctx, { billing }),
    billing,
    gateway,
    apps,
    metrics,
    outbox,
    reports: createReportService(ctx, { apps }),
    chatUsers,
    channels,
    messages,
    profanity,
    webhooks,
    push,
    translation: createTranslationService(ctx, { apps, channels }),
    brands,
    campaigns,
    campaignSender,
    files: createFileService(ctx, {
      storage,
      messages,
      retentionDays: ctx.config.fileRetentionDays,
    }),
  };
}

export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  const server = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      // Belt and braces: whatever object a log line carries, these fields never reach the output.
      redact: { paths: SECRET_LOG_PATHS, censor: "[redacted]" },
      ...(options.logStream
        ? { stream: options.logStream }
        : config.logFormat === "text"
          ? { stream: textLogStream() }
          : {}),
    },
    // A person at a terminal asks for request lines with LOG_LEVEL; a log collector gets them by default.
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    // Every log line of a request carries its id, and the answer echoes it.
    requestIdHeader: false,
    // A hop count trusts that many proxies in front of the server, the nearest first.
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    genReqId: requestId,
    childLoggerFactory: lazyRequestLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    // A path the router cannot take apart (bad percent-encoding, a segment longer than any id) is input that does
    // not match the route: 300, like any other.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(400).send({ code: "300", message: error.message.slice(0, 200) });
    },
  });
  registerSecurityHeaders(server, { publicUrl: config.publicUrl });
  let gateway: ReturnType<typeof registerGateway> | null = null;
  const routes: App["routes"] = [];
  server.addHook("onRoute", (route) => {
    const { body, querystring, params, consumes } = (route.schema ?? {}) as RegisteredRoute["schema"] & {
      consumes?: string[];
    };
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        schema: { body, querystring, params },
        websocket: route.websocket === true,
        multipart: consumes?.includes("multipart/form-data") ?? false,
      });
    }
  });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(server);
  registerJsonParser(server);

  const database = options.database ?? (await openDatabase(config));
  await migrate(database);

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
  const requestCounter = createRequestCounter({ perSecond: config.rateLimitPerSecond, redis });
  const services = createServices(ctx, bus, presence);

  const handlers: JobHandler[] = [
    handleJob(sendMailJob, async (mail, { jobId }) => {
      const inserted = await database.db
        .insert(sentMail)
        .values({ jobId, recipient: mail.to, subject: mail.subject, sentAt: ctx.clock.now() })
        .onConflictDoNothing()
        .returning({ jobId: sentMail.jobId });
      // Already sent by an earlier run of this job.
      if (inserted.length === 0) return;
      let location: string;
      try {
        location = await mailer.send(mail, jobId);
      } catch (err) {
        await database.query("delete from sent_mail where job_id = $1", [jobId]);
        throw err;
      }
      ctx.log.info({ jobId, subject: mail.subject, location }, `mail sent: ${location}`);
    }),
    handleJob(expireIdempotencyKeysJob, async () => {
      const removed = await expireIdempotencyKeys(database.db, ctx.clock);
      if (removed > 0) ctx.log.info({ count: removed }, "removed expired idempotency keys");
    }),
    handleJob(expireFilesJob, async () => {
      const removed = await services.files.expireOldFiles();
      if (removed > 0) ctx.log.info({ count: removed }, "removed expired files");
    }),
    handleJob(dailyUsageReportJob, async ({ day }) => {
      const mailed = await services.reports.sendDailyReports(day);
      if (mailed > 0) ctx.log.info({ count: mailed, day }, "queued daily usage reports");
    }),
    handleJob(dispatchEventsJob, () => services.outbox.dispatch()),
    handleJob(pushEventJob, (payload) => services.push.handleEvent(payload)),
    handleJob(deliverWebhookJob, ({ deliveryId }) => services.webhooks.deliver(deliveryId)),
    handleJob(sweepWebhooksJob, async () => {
      const count = await services.webhooks.sweep();
      if (count > 0) ctx.log.warn({ count }, "re-enqueued overdue webhook deliveries");
    }),
    handleJob(billingDailyJob, async () => {
      const { invoiced, attempts } = await services.billing.runDaily();
      if (invoiced + attempts > 0) ctx.log.info({ invoiced, attempts }, "billing cycle ran");
    }),
    handleJob(runCampaignJob, async ({ campaignId }) => {
      await services.campaignSender.run(campaignId);
    }),
    handleJob(dueCampaignsJob, async () => {
      for (const campaignId of await services.campaignSender.due()) {
        await ctx.jobs.send(runCampaignJob, { campaignId }, { singletonKey: campaignId });
      }
    }),
    handleJob(purgeUnverifiedAccountsJob, async () => {
      const deleted = await services.auth.purgeUnverifiedAccounts();
      if (deleted.length > 0) ctx.log.info({ count: deleted.length }, "deleted unverified accounts");
    }),
  ];
  ctx.jobs = createJobs({
    database,
    handlers,
    workers: config.jobsEnabled,
    pollSeconds: config.jobPollSeconds,
    log: server.log,
  });
  await ctx.jobs.start();
  services.campaigns.setKick(async (campaignId, startAfter) => {
    await ctx.jobs.send(runCampaignJob, { campaignId }, startAfter ? { startAfter } : undefined);
  });
  if (config.jobsEnabled) {
    void services.outbox.dispatch();
    // A send a stopped process left halfway resumes now rather than at the next minute's sweep.
    await ctx.jobs.send(dueCampaignsJob, {});
  }

  const status = createStatusMonitor({
    checks: serverStatusChecks({ database, redis, mailer }),
    clock: ctx.clock,
    log: server.log,
  });

  const observability = registerPrometheus(server, {
    token: config.metricsToken,
    jobs: () => ctx.jobs,
    webSockets: () => gateway?.connectionCount() ?? 0,
  });
  services.webhooks.failureListeners.push(observability.webhookFailed);

  // Sessions ended on any process (logout, deactivation, password change): none is admitted here from the cache.
  bus.subscribe((message) => {
    if (!("sessionsEnded" in message)) return;
    services.auth.forgetCachedSessions();
    services.chatUsers.forgetCachedSessions();
  });

  // A change made through the dashboard API (an admin's action on a company, account settings, deleting an account
  // with its apps) may change what a session admits; this process forgets the dashboard and chat sessions it read,
  // so no later request of it sees the old state.
  server.addHook("onResponse", (request, reply, done) => {
    if (request.method !== "GET" && reply.statusCode < 400 && request.url.startsWith(`${API_PREFIX}/`)) {
      services.auth.forgetCachedSessions();
      services.chatUsers.forgetCachedSessions();
    }
    done();
  });

  server.addHook("onClose", async () => {
    status.close();
    await ctx.jobs.stop();
    mailer.close();
    if (!options.bus) await bus.close();
    await presence.close();
    if (redis) await closeRedis(redis);
    if (!options.database) await database.close();
  });

  await server.register(
    async (api) => {
      // The one authorization check of every `/apps/:id/...` route, before its input is validated: a caller who
      // may not use the app hears 3003 whatever they sent (and, in the bulk message area, 1023 without the
      // notice feature), and nothing about the route's schema.
      const authenticate = requireAuth(services.auth);
      api.addHook("preValidation", async (request) => {
        const route = request.routeOptions.url ?? "";
        if (!route.startsWith(`${API_PREFIX}/apps/:id`)) return;
        await authenticate(request);
        const auth = authOf(request);
        if (route.startsWith(`${API_PREFIX}/apps/:id/notice/`)) requireNoticeFeature(auth);
        const { id } = request.params as { id?: string };
        if (!id || !UUID.test(id)) throw new AppError("3003");
        await services.apps.requireAppAccess(auth, id);
      });
      await api.register(healthRoutes, { database, redis });
      await registerRateLimit(api, { counter: requestCounter, hook: "preValidation" });
      await api.register(statusRoutes, { status });
      registerIdempotency(api, { db: database.db, clock: ctx.clock });
      await api.register(authRoutes, { auth: services.auth });
      await api.register(signInRoutes, services);
      await api.register(accountKindRoutes, services);
      await api.register(contactRoutes, { contact: services.contact });
      await api.register(accountRoutes, { auth: services.auth, accounts: services.accounts });
      await api.register(appRoutes, { auth: services.auth, apps: services.apps });
      await api.register(dashboardChatRoutes, services);
      await api.register(testUserRoutes, services);
      await api.register(metricsRoutes, { auth: services.auth, reports: services.reports });
      await api.register(notificationRoutes, { auth: services.auth, notifications: services.notifications });
      await api.register(billingRoutes, { auth: services.auth, billing: services.billing });
      await api.register(profanityRoutes, { auth: services.auth, profanity: services.profanity });
      await api.register(pushRoutes, { auth: services.auth, push: services.push });
      await api.register(webhookRoutes, { auth: services.auth, webhooks: services.webhooks });
      await api.register(translationRoutes, { auth: services.auth, translation: services.translation });
      await api.register(noticeRoutes, services);
    },
    { prefix: API_PREFIX },
  );
  await server.register(
    async (v1) => {
      await v1.register(fastifySwagger, {
        openapi: {
          info: { title: "Parley chat API", version: "1" },
          servers: [{ url: config.publicUrl }],
          components: {
            securitySchemes: {
              bearer: {
                type: "http",
                scheme: "bearer",
                description: "An API key (psk_…) or a chat session token (pcs_…)",
              },
            },
          },
          security: [{ bearer: [] }],
        },
        transform: jsonSchemaTransform,
      });
      await v1.register(fastifyWebsocket, {
        // No compression: the gateway frames a channel's event once for all of its sockets (chat/text-frame.ts).
        options: { maxPayload: 64 * 1024, perMessageDeflate: false },
        // Every socket, authenticated or not, hears why it closes: 1001, so clients reconnect to another process.
        preClose(this: FastifyInstance, done) {
          for (const client of this.websocketServer.clients) client.close(1001, "server shutting down");
          this.websocketServer.close(() => done());
        },
      });
      await v1.register(fastifyMultipart, { throwFileSizeLimit: false });
      await registerRateLimit(v1, { counter: requestCounter, hook: "preHandler" });
      await v1.register(chatRoutes, services);
      await v1.register(translationChatRoutes, services);
      await v1.register(pushChatRoutes, services);
      gateway = registerGateway(v1, chatApi.ws, {
        bus,
        presence,
        ...services,
        writeWindowMs: config.wsWriteWindowMs,
        counter: requestCounter,
        maxConnectionsPerChatUser: config.wsMaxConnectionsPerChatUser,
        maxConnectionsPerDashboardSession: config.wsMaxConnectionsPerDashboardSession,
      });
      v1.get(chatApi.openapi, { schema: { hide: true } }, async () => v1.swagger());
    },
    { prefix: CHAT_API_PREFIX },
  );
  await server.register(fileRoutes, { files: services.files });
  await server.register(brandCoverFileRoutes, { brands: services.brands });
  await server.register(sandboxCardPageRoutes, { billing: services.billing, gateway: services.gateway });
  const jobHandlers = new Map(handlers.map((h) => [h.job.name, h]));
  if (config.testingEndpoints && ctx.clock instanceof OffsetClock) {
    registerTestingEndpoints(server, { clock: ctx.clock, jobHandlers, database });
  }
  await registerWeb(server, config.webDistDir, config.publicUrl);

  return { server, ctx, services, bus, presence, jobHandlers, routes };
}
