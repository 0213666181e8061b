import type { Bus, SessionsEnded } from "./chat/bus";
import { createOutbox } from "./chat/outbox";
import type { Presence } from "./chat/presence";
import type { Context } from "./context";
import { createApnsClient } from "./integrations/apns";
import { createFcmClient } from "./integrations/fcm";
import { createSandboxGateway } from "./integrations/payments";
import { createDiskStorage } from "./integrations/storage";
import { analyzeImportJob, runExportJob, runImportJob } from "./jobs/catalog";
import { createAccountService } from "./modules/accounts";
import { createAdminService, createMarketplace, createSignInLinks } from "./modules/admin";
import { createAppService } from "./modules/apps";
import { createAuditService } from "./modules/audit";
import { createAuthService } from "./modules/auth";
import { createBillingService } from "./modules/billing";
import { createCallService } from "./modules/calls";
import {
  createBrandChannels,
  createBrandService,
  createCampaignSender,
  createCampaignService,
} from "./modules/campaigns";
import { channelExportSection, channelIdsOf, createChannelService, memberExportSection } from "./modules/channels";
import { createChatUserService, realChatUsersOf, userExportSection } from "./modules/chat-users";
import { createContactService } from "./modules/contact";
import { createExportService } from "./modules/exports";
import { createFileService, fileExportSection } from "./modules/files";
import { createImportService } from "./modules/imports";
import { createLinkPreviewService } from "./modules/link-previews";
import { createLiveFeed } from "./modules/live";
import {
  createEventRetention,
  createMessageSearch,
  createMessageService,
  createRecentCountReader,
  createRecentMessagesReader,
  createScheduledMessages,
  findLiveMessage,
  firstUserMessageAt,
  lastMessagesOf,
  latestUserMessagesOf,
  messageExportSection,
  sentMessageCount,
  toMessages,
} from "./modules/messages";
import { createMetricsService, createReportService } from "./modules/metrics";
import {
  createModerationRuleService,
  createModerationStage,
  createRuleTrials,
  type RuleEffects,
  rememberingCounts,
} from "./modules/moderation-rules";
import { createNotificationService } from "./modules/notifications";
import { createPermissionService } from "./modules/permissions";
import { createProfanityService } from "./modules/profanity";
import { createPushService, keptForDeletionPush } from "./modules/push";
import { createReportQueue } from "./modules/reports";
import { createTranslationService } from "./modules/translation";
import { createWebhookListening, createWebhookService } from "./modules/webhooks";

/**
 * Every service of the server, each built from the context and the services it names, in an order where each
 * one's dependencies come first. The message pipeline's stages are given to it here, whole (see
 * modules/messages/pipeline.ts for their order).
 */
export function createServices(ctx: Context, deps: { bus: Bus; presence: Presence; onWebhookFailed?: () => void }) {
  const { bus, presence } = deps;
  // First, so every service that reports to the dashboard's live tail is built with it.
  const live = createLiveFeed({ bus, log: ctx.log });
  const metrics = createMetricsService(ctx);
  const sessionsEnded: SessionsEnded = (ended) => bus.publish({ sessionsEnded: ended });
  const gateway = createSandboxGateway({ db: ctx.database.db, clock: ctx.clock, publicUrl: ctx.config.publicUrl });
  const billing = createBillingService(ctx, { gateway });
  // No chat API for an app whose account's plan does not allow it.
  const apps = createAppService(ctx, {
    usage: metrics,
    chatAccessChecks: [billing.requireChatService],
    onboarding: { realUsersOf: realChatUsersOf, channelIdsOf, firstUserMessageAt },
  });
  const chatUsers = createChatUserService(ctx, { metrics, sessionsEnded, apps, live: live.report });
  const permissions = createPermissionService(ctx, { chatUsers });
  const profanity = createProfanityService(ctx, { apps });
  const webhooks = createWebhookService(ctx, {
    apps,
    onDeliveryFailed: deps.onWebhookFailed,
    live: live.report,
    listeners: { isWatched: live.isWatched, send: live.sendToListeners },
  });
  const fcm = createFcmClient({
    baseUrl: ctx.config.fcmBaseUrl,
    oauthTokenUrl: ctx.config.fcmOauthTokenUrl,
    outbound: ctx.outbound,
  });
  const apns = createApnsClient({ baseUrls: ctx.config.apnsBaseUrls, outbound: ctx.outbound });
  const push = createPushService(ctx, {
    apps,
    chatUsers,
    presence,
    fcm,
    apns,
    live: live.report,
    // A campaign message's push carries the campaign's own title and text; the sender is built later, on the
    // pipeline, so it is called through.
    messagePushOverrides: [(appId, message) => campaignSender.pushOverride(appId, message)],
    permissions,
  });
  const outbox = createOutbox(ctx, [webhooks.consumer, push.consumer]);
  const channels = createChannelService(ctx, {
    bus,
    chatUsers,
    permissions,
    outbox,
    presence,
    messages: {
      lastMessages: async (q, channelIds, viewer) => toMessages(q, await lastMessagesOf(q, channelIds, viewer)),
      findLive: findLiveMessage,
    },
  });
  const translation = createTranslationService(ctx, { apps, channels });
  const linkPreviews = createLinkPreviewService(ctx, { apps, channels });
  const moderationRules = createModerationRuleService(ctx, { apps });
  const { db } = ctx.database;
  // The report queue and the audit log are built later, on the pipeline: their parts are called through.
  const ruleEffects: RuleEffects = {
    joinedAt: async (app, channelId, chatUserId) =>
      (await channels.requireChannelWithMember(app, channelId, chatUserId)).member?.joinedAt ?? null,
    recentMessages: createRecentMessagesReader(ctx.database),
    recentCount: createRecentCountReader(ctx.database),
    messageCount: rememberingCounts((chatUserId, cap) => sentMessageCount(db, chatUserId, cap)),
    flag: (app, message, rule) => reportQueue.flagMessage(app, message, rule),
    mute: async (app, channelId, userId, minutes) => {
      await channels.mute({ kind: "server", app }, channelId, userId, minutes);
    },
    ban: (app, channelId, userId) => channels.ban({ kind: "server", app }, channelId, userId),
    audit: (entry) => audit.recordRuleAction(entry),
  };
  const moderationStage = createModerationStage(ctx, { rules: moderationRules, effects: ruleEffects });
  const messages = createMessageService(
    ctx,
    { bus, channels, metrics },
    {
      checks: [billing.checkTrialQuota],
      // The profanity filter first: the rules see (and mask further) the text it lets through.
      filters: [profanity.filterMessage, moderationStage],
      // The campaign sender is built on the pipeline, so its hook is called through, once it exists.
      read: [
        (channel, chatUserId, seq, at) => campaignSender.markRead(channel, chatUserId, seq, at),
        async (channel, chatUserId, seq) => channels.readReceipt(channel, chatUserId, seq),
      ],
      translate: [translation.queueSendTranslations],
      links: [linkPreviews.queueLinkPreview],
    },
  );
  const auth = createAuthService(ctx, { sessionsEnded });
  const links = createSignInLinks(ctx, { apps, auth });
  const storage = createDiskStorage(ctx.config.filesDir);
  const brands = createBrandService(ctx, { apps, storage });
  const campaigns = createCampaignService(ctx, { apps, brands });
  const campaignSender = createCampaignSender(ctx, { apps, channels, messages });
  const calls = createCallService(ctx, {
    bus,
    presence,
    apps,
    chatUsers,
    channels,
    messages,
    push,
    webhooks,
    metrics,
  });
  const reportQueue = createReportQueue(ctx, { apps, chatUsers, channels, messages, webhooks });
  const audit = createAuditService(ctx, { apps });
  const moderationRuleTrials = createRuleTrials(ctx, {
    apps,
    rules: moderationRules,
    effects: ruleEffects,
    readers: {
      requireUser: (appId, userId) => chatUsers.requireUser(appId, userId),
      requireChannel: (app, channelId) => channels.requireChannel(app, channelId),
      latestMessages: (appId, limit) => latestUserMessagesOf(db, appId, limit),
    },
  });
  const files = createFileService(ctx, { storage, messages, channels, retentionDays: ctx.config.fileRetentionDays });
  const exports = createExportService(ctx, {
    apps,
    chatUsers,
    messages,
    files,
    storage,
    sections: [
      userExportSection(ctx.database.db),
      channelExportSection(ctx.database),
      memberExportSection(ctx.database),
      messageExportSection(ctx.database.db),
      fileExportSection(ctx.database),
    ],
    kick: async (exportId) => {
      await ctx.jobs.send(runExportJob, { exportId }, { singletonKey: exportId });
    },
  });
  const imports = createImportService(ctx, {
    apps,
    files,
    storage,
    kickAnalyze: async (importId) => {
      await ctx.jobs.send(analyzeImportJob, { importId }, { singletonKey: importId });
    },
    kickRun: async (importId) => {
      await ctx.jobs.send(runImportJob, { importId }, { singletonKey: importId });
    },
  });
  return {
    live,
    webhookListening: createWebhookListening(ctx, { live }),
    auth,
    links,
    marketplace: createMarketplace(ctx, { links }),
    admin: createAdminService(ctx, { billing, links, apps }),
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
    scheduledMessages: createScheduledMessages(ctx, { apps, channels, pipeline: messages }),
    // The push of a channel's deletion reads its members and name back from the log, which keeps them for it.
    eventRetention: createEventRetention(ctx, { keep: [keptForDeletionPush] }),
    messageSearch: createMessageSearch(ctx, { apps, channels }),
    profanity,
    webhooks,
    push,
    translation,
    linkPreviews,
    brands,
    brandChannels: createBrandChannels(ctx, { channels }),
    campaigns,
    campaignSender,
    calls,
    reportQueue,
    audit,
    moderationRules,
    permissions,
    moderationRuleTrials,
    files,
    exports,
    imports,
  };
}

export type Services = ReturnType<typeof createServices>;
