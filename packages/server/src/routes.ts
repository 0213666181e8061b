import { API_PREFIX, CHAT_API_PREFIX, chatApi } from "@parley/contract";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";
import type { Bus } from "./chat/bus";
import type { Presence } from "./chat/presence";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { gatewayLimits, registerGateway } from "./gateway/gateway";
import { registerAppAccess } from "./http/app-access";
import { registerChatApiPlugins } from "./http/chat-api";
import { registerChatIdempotency, registerIdempotency } from "./http/idempotency";
import { registerDashboardApiDocument, serveDashboardApiDocument } from "./http/openapi";
import { type RequestCounter, registerRateLimit } from "./http/rate-limit";
import { accountRoutes } from "./modules/accounts/wiring";
import { accountKindRoutes, signInRoutes } from "./modules/admin/wiring";
import { appRoutes } from "./modules/apps/wiring";
import { auditRoutes } from "./modules/audit/wiring";
import { authRoutes } from "./modules/auth/wiring";
import { billingRoutes, sandboxCardPageRoutes } from "./modules/billing/wiring";
import { callChatRoutes, callRoutes } from "./modules/calls/wiring";
import { brandCoverFileRoutes, noticeRoutes } from "./modules/campaigns/wiring";
import {
  channelChatRoutes,
  dashboardChatRoutes,
  dashboardShadowBanRoutes,
  shadowBanChatRoutes,
} from "./modules/channels/wiring";
import { chatTokenRoutes, chatUserChatRoutes, loginSigningRoutes, testUserRoutes } from "./modules/chat-users/wiring";
import { contactRoutes } from "./modules/contact/wiring";
import { exportDownloadRoutes, exportRoutes } from "./modules/exports/wiring";
import { fileChatRoutes, fileRoutes } from "./modules/files/wiring";
import type { StatusMonitor } from "./modules/health";
import { healthRoutes, statusRoutes } from "./modules/health/wiring";
import { importRoutes } from "./modules/imports/wiring";
import { linkPreviewChatRoutes, linkPreviewRoutes } from "./modules/link-previews/wiring";
import { liveRoutes, liveTailChatRoutes } from "./modules/live/wiring";
import {
  messageChatRoutes,
  messageSearchChatRoutes,
  messageSearchRoutes,
  scheduledMessageChatRoutes,
} from "./modules/messages/wiring";
import { metricsRoutes } from "./modules/metrics/wiring";
import { moderationRuleChatRoutes, moderationRuleRoutes } from "./modules/moderation-rules/wiring";
import { notificationRoutes } from "./modules/notifications/wiring";
import { dashboardRoleRoutes, roleChatRoutes } from "./modules/permissions/wiring";
import { profanityRoutes } from "./modules/profanity/wiring";
import { pushChatRoutes, pushRoutes } from "./modules/push/wiring";
import { reportChatRoutes, reportQueueRoutes } from "./modules/reports/wiring";
import { translationChatRoutes, translationRoutes } from "./modules/translation/wiring";
import { webhookListenChatRoutes, webhookRoutes, webhookSettingsChatRoutes } from "./modules/webhooks/wiring";
import type { Services } from "./services";

/** What the routes are registered with: the services and the parts of the process they share. */
export interface RouteDeps {
  config: Config;
  clock: Clock;
  services: Services;
  database: Database;
  redis: Redis | null;
  bus: Bus;
  presence: Presence;
  /** One budget per caller for both APIs and the WebSocket's frames. */
  counter: RequestCounter;
  status: StatusMonitor;
}

/**
 * Every route of the server, each module's from its wiring.ts: the dashboard API under `/api` (the health check and
 * the app access check before the rate limit and idempotency), the chat API and its WebSocket under `/v1`, and the
 * files and downloads at the root. Returns the gateway, whose open sockets the metrics count.
 */
export async function registerRoutes(
  server: FastifyInstance,
  deps: RouteDeps,
): Promise<ReturnType<typeof registerGateway>> {
  const { config, clock, services, database, redis, bus, presence, counter, status } = deps;
  const { auth, apps, chatUsers, channels, messages, webhooks } = services;
  let gateway: ReturnType<typeof registerGateway> | undefined;
  const { links, marketplace, admin, accounts, contact, reports, notifications, billing, profanity, push } = services;
  const { translation, brands, brandChannels, campaigns, files, calls } = services;
  await server.register(
    async (api) => {
      await registerDashboardApiDocument(api, config);
      registerAppAccess(api, { auth, apps });
      await api.register(healthRoutes, { database, redis, isBusReceiving: () => bus.isReceiving() });
      await registerRateLimit(api, { counter, hook: "preValidation" });
      serveDashboardApiDocument(api);
      await api.register(statusRoutes, { status });
      registerIdempotency(api, { db: database.db, clock });
      await api.register(authRoutes, { auth });
      await api.register(signInRoutes, { links, marketplace });
      await api.register(accountKindRoutes, { auth, links, admin });
      await api.register(contactRoutes, { contact });
      await api.register(accountRoutes, { auth, accounts });
      await api.register(appRoutes, { auth, apps });
      await api.register(dashboardChatRoutes, { auth, apps, chatUsers, channels, messages, brandChannels });
      await api.register(dashboardShadowBanRoutes, { auth, apps, chatUsers, channels });
      await api.register(dashboardRoleRoutes, { auth, apps, chatUsers, channels, permissions: services.permissions });
      await api.register(testUserRoutes, { auth, apps, chatUsers });
      await api.register(loginSigningRoutes, { auth, apps, chatUsers });
      await api.register(metricsRoutes, { auth, reports });
      await api.register(notificationRoutes, { auth, notifications });
      await api.register(billingRoutes, { auth, billing });
      await api.register(profanityRoutes, { auth, profanity });
      await api.register(moderationRuleRoutes, {
        auth,
        rules: services.moderationRules,
        trials: services.moderationRuleTrials,
      });
      await api.register(pushRoutes, { auth, push });
      await api.register(webhookRoutes, { auth, webhooks });
      await api.register(translationRoutes, { auth, translation });
      await api.register(linkPreviewRoutes, { auth, linkPreviews: services.linkPreviews });
      await api.register(callRoutes, { auth, calls });
      await api.register(messageSearchRoutes, { auth, messageSearch: services.messageSearch });
      await api.register(reportQueueRoutes, { auth, reportQueue: services.reportQueue });
      await api.register(auditRoutes, { auth, audit: services.audit });
      await api.register(exportRoutes, { auth, exports: services.exports });
      await api.register(importRoutes, { auth, imports: services.imports });
      await api.register(liveRoutes, { auth, apps, live: services.live });
      await api.register(noticeRoutes, { brands, campaigns });
    },
    { prefix: API_PREFIX },
  );
  await server.register(
    async (v1) => {
      await registerChatApiPlugins(v1, config);
      await registerRateLimit(v1, { counter, hook: "preHandler" });
      registerChatIdempotency(v1, { db: database.db, clock });
      await v1.register(chatUserChatRoutes, { apps, chatUsers, presence });
      await v1.register(chatTokenRoutes, { apps, chatUsers });
      await v1.register(channelChatRoutes, { apps, chatUsers, channels });
      await v1.register(shadowBanChatRoutes, { apps, chatUsers, channels });
      await v1.register(roleChatRoutes, { apps, chatUsers, channels, permissions: services.permissions });
      await v1.register(messageChatRoutes, { apps, chatUsers, messages });
      const scheduledMessages = services.scheduledMessages;
      await v1.register(scheduledMessageChatRoutes, { apps, chatUsers, scheduledMessages });
      await v1.register(messageSearchChatRoutes, { apps, chatUsers, messageSearch: services.messageSearch });
      await v1.register(fileChatRoutes, { apps, chatUsers, files });
      await v1.register(translationChatRoutes, { apps, chatUsers, translation });
      await v1.register(linkPreviewChatRoutes, { apps, chatUsers, linkPreviews: services.linkPreviews });
      await v1.register(pushChatRoutes, { apps, chatUsers, push });
      await v1.register(callChatRoutes, { apps, chatUsers, calls });
      await v1.register(reportChatRoutes, { apps, chatUsers, reportQueue: services.reportQueue });
      await v1.register(moderationRuleChatRoutes, { apps, chatUsers, trials: services.moderationRuleTrials });
      await v1.register(liveTailChatRoutes, { apps, chatUsers, live: services.live });
      const listening = services.webhookListening;
      await v1.register(webhookListenChatRoutes, { apps, chatUsers, live: services.live, listening });
      await v1.register(webhookSettingsChatRoutes, { apps, chatUsers, webhooks });
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

  if (!gateway) throw new Error("the chat API registered no gateway");
  return gateway;
}
