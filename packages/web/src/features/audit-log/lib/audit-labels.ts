import type { TFunction } from "i18next";

/**
 * The audit log's actions and tables in words a customer reads. The server records the route (`PUT /api/plans/change`)
 * and the tables a change wrote (`paid_plans`): exact, but internals. Each known route and table has an i18n key;
 * one the web does not know yet (a route added on the server since) falls back to a sentence built from its method
 * and path, so a new route shows something readable, never a missing key. The raw route stays in the entry's detail.
 */
const ACTION_KEYS: Readonly<Record<string, string>> = {
  "DELETE /api/admin/notices/:noticeId": "withdrawNotice",
  "DELETE /api/apps/:id/api-keys/:keyId": "revokeApiKey",
  "DELETE /api/apps/:id/channels/:channelId": "deleteChannel",
  "DELETE /api/apps/:id/channels/:channelId/messages/:messageId/reactions/:reaction": "removeReaction",
  "DELETE /api/apps/:id/channels/:channelId/pins/:messageId": "unpinMessage",
  "DELETE /api/apps/:id/notice/campaigns/:campaignId": "deleteCampaign",
  "DELETE /api/apps/:id/push/apns/key": "removeApnsKey",
  "DELETE /api/apps/:id/push/fcm/key": "removeFcmKey",
  "DELETE /api/apps/:id/sub-accounts/:subAccountId": "removeSubAccount",
  "DELETE /api/apps/:id/translation/google": "removeTranslationKey",
  "DELETE /api/apps/:id/users/:userId": "deleteUser",
  "DELETE /api/billing/card": "removeCard",
  "DELETE /v1/channels/:channelId": "deleteChannel",
  "DELETE /v1/channels/:channelId/members/:userId": "removeMember",
  "DELETE /v1/channels/:channelId/pins/:messageId": "unpinMessage",
  "DELETE /v1/users/:userId": "deleteUser",
  "PATCH /v1/channels/:channelId": "updateChannel",
  "PATCH /v1/users/:userId": "updateUser",
  "POST /api/admin/companies/:companyId/apps/:appId/deactivate": "deactivateApp",
  "POST /api/admin/companies/:companyId/apps/:appId/reactivate": "reactivateApp",
  "POST /api/admin/companies/:companyId/apps/deactivate": "deactivateApps",
  "POST /api/admin/companies/:companyId/apps/reactivate": "reactivateApps",
  "POST /api/admin/companies/:companyId/invoices/:invoiceId/refund": "refundInvoice",
  "POST /api/admin/companies/:companyId/service/restore": "restoreService",
  "POST /api/admin/companies/:companyId/service/stop": "stopService",
  "POST /api/admin/companies/:companyId/trial/extend": "extendTrial",
  "POST /api/admin/companies/:companyId/unlock": "unlockAccount",
  "POST /api/admin/notices": "postNotice",
  "POST /api/apps": "createApp",
  "POST /api/apps/:id/api-keys": "createApiKey",
  "POST /api/apps/:id/channels": "createChannel",
  "POST /api/apps/:id/channels/:channelId/freeze": "freezeChannel",
  "POST /api/apps/:id/channels/:channelId/members/add": "addMembers",
  "POST /api/apps/:id/channels/:channelId/members/ban": "banMember",
  "POST /api/apps/:id/channels/:channelId/members/mute": "muteMember",
  "POST /api/apps/:id/channels/:channelId/members/remove": "removeMember",
  "POST /api/apps/:id/channels/:channelId/members/unban": "unbanMember",
  "POST /api/apps/:id/channels/:channelId/members/unmute": "unmuteMember",
  "POST /api/apps/:id/channels/:channelId/messages": "sendAdminMessage",
  "POST /api/apps/:id/channels/:channelId/messages/delete": "deleteMessages",
  "POST /api/apps/:id/channels/:channelId/pins/:messageId": "pinMessage",
  "POST /api/apps/:id/channels/:channelId/tags/create": "addTag",
  "POST /api/apps/:id/channels/:channelId/tags/delete": "removeTag",
  "POST /api/apps/:id/channels/:channelId/unfreeze": "unfreezeChannel",
  "POST /api/apps/:id/exports": "requestExport",
  "POST /api/apps/:id/imports": "createImport",
  "POST /api/apps/:id/imports/:importId/cancel": "cancelImport",
  "POST /api/apps/:id/imports/:importId/pause": "pauseImport",
  "POST /api/apps/:id/imports/:importId/resume": "resumeImport",
  "POST /api/apps/:id/imports/:importId/start": "startImport",
  "POST /api/apps/:id/imports/upload": "uploadImport",
  "POST /api/apps/:id/notice/brands": "registerBrand",
  "POST /api/apps/:id/notice/brands/cover-images": "uploadBrandCover",
  "POST /api/apps/:id/notice/campaigns": "createCampaign",
  "POST /api/apps/:id/notice/campaigns/:campaignId/cancel": "cancelCampaign",
  "POST /api/apps/:id/notice/campaigns/:campaignId/confirm": "confirmCampaign",
  "POST /api/apps/:id/notice/campaigns/:campaignId/delete-messages": "deleteCampaignMessages",
  "POST /api/apps/:id/notice/campaigns/:campaignId/recipients": "uploadRecipients",
  "POST /api/apps/:id/notice/campaigns/:campaignId/resend": "resendCampaign",
  "POST /api/apps/:id/notice/campaigns/:campaignId/retry": "retryCampaign",
  "POST /api/apps/:id/push/apns/test": "sendApnsTestPush",
  "POST /api/apps/:id/push/test": "sendTestPush",
  "POST /api/apps/:id/reports/:targetId/resolve": "resolveReport",
  "POST /api/apps/:id/sub-accounts": "inviteSubAccount",
  "POST /api/apps/:id/sub-accounts/:subAccountId/resend": "resendInvitation",
  "POST /api/apps/:id/test-users": "createTestUser",
  "POST /api/apps/:id/test-users/:userId/session": "startTestSession",
  "POST /api/apps/:id/translation/google/verify": "verifyTranslationKey",
  "POST /api/apps/:id/users/:userId/activate": "activateUser",
  "POST /api/apps/:id/users/:userId/deactivate": "deactivateUser",
  "POST /api/apps/:id/users/:userId/erase": "eraseUser",
  "POST /api/apps/:id/webhook/deliveries/:deliveryId/redeliver": "redeliverWebhook",
  "POST /api/apps/:id/webhook/secret/rotate": "rotateWebhookSecret",
  "POST /api/apps/:id/webhook/test": "testWebhook",
  "POST /api/auth/password/first": "setFirstPassword",
  "POST /api/billing/card/session": "startCardRegistration",
  "POST /api/billing/invoices/:invoiceId/pay": "payInvoice",
  "POST /api/notifications/:noticeId/dismiss": "dismissNotice",
  "POST /api/plans/cancel/paid": "cancelPaidPlan",
  "POST /v1/channels": "createChannel",
  "POST /v1/channels/bulk": "createChannels",
  "POST /v1/channels/:channelId/join": "joinChannel",
  "POST /v1/channels/:channelId/leave": "leaveChannel",
  "POST /v1/channels/:channelId/members": "addMembers",
  "POST /v1/channels/:channelId/members/bulk": "changeMembers",
  "POST /v1/channels/:channelId/members/:userId/ban": "banMember",
  "POST /v1/channels/:channelId/members/:userId/mute": "muteMember",
  "POST /v1/channels/:channelId/members/:userId/unban": "unbanMember",
  "POST /v1/channels/:channelId/members/:userId/unmute": "unmuteMember",
  "POST /v1/channels/:channelId/pins/:messageId": "pinMessage",
  "POST /v1/users": "createUser",
  "POST /v1/users/bulk": "upsertUsers",
  "POST /v1/users/:userId/activate": "activateUser",
  "POST /v1/users/:userId/deactivate": "deactivateUser",
  "PUT /api/account": "updateProfile",
  "PUT /api/account/password": "changePassword",
  "PUT /api/admin/companies/:companyId/notice-feature": "setNoticeFeature",
  "PUT /api/apps/:id": "renameApp",
  "PUT /api/apps/:id/admin": "updateChatSettings",
  "PUT /api/apps/:id/calls/settings": "updateCallSettings",
  "PUT /api/apps/:id/channels/:channelId": "updateChannel",
  "PUT /api/apps/:id/channels/:channelId/owner": "changeChannelOwner",
  "PUT /api/apps/:id/notice/brands/:brandId": "updateBrand",
  "PUT /api/apps/:id/notice/campaigns/:campaignId": "updateCampaign",
  "PUT /api/apps/:id/profanity/filter": "updateProfanityFilter",
  "PUT /api/apps/:id/profanity/filter/enabled": "switchProfanityFilter",
  "PUT /api/apps/:id/push/apns/key": "setApnsKey",
  "PUT /api/apps/:id/push/enabled": "switchPush",
  "PUT /api/apps/:id/push/fcm/key": "setFcmKey",
  "PUT /api/apps/:id/push/notification/settings": "updatePushSettings",
  "PUT /api/apps/:id/push/notification/settings/superchannel": "updateSuperChannelPush",
  "PUT /api/apps/:id/reports/settings": "updateReportSettings",
  "PUT /api/apps/:id/translation/google": "setTranslationKey",
  "PUT /api/apps/:id/translation/google/enabled": "switchTranslation",
  "PUT /api/apps/:id/webhook/enabled": "switchWebhook",
  "PUT /api/apps/:id/webhook/settings": "updateWebhook",
  "PUT /api/metrics/emails": "updateReportEmails",
  "PUT /api/plans/change": "changePlan",
  "PUT /v1/channels/:channelId/owner": "changeChannelOwner",
};

/** Every push template has its own route; they are one kind of change to a reader. */
const PUSH_TEMPLATE_ROUTE = /^PUT \/api\/apps\/:id\/push\/template\//;

const TABLES: ReadonlySet<string> = new Set([
  "accounts",
  "active_calls",
  "admin_actions",
  "admin_notice_dismissals",
  "admin_notices",
  "api_keys",
  "apps",
  "audit_log",
  "billing_cards",
  "brand_cover_images",
  "brands",
  "call_settings",
  "calls",
  "campaign_exclusions",
  "campaign_recipients",
  "campaigns",
  "card_sessions",
  "channel_bans",
  "channel_members",
  "channel_subchannels",
  "channel_tags",
  "channels",
  "chat_events",
  "chat_login_tokens",
  "chat_sessions",
  "chat_users",
  "contact_inquiries",
  "daily_metrics",
  "daily_reports_sent",
  "daily_user_activity",
  "data_exports",
  "data_imports",
  "event_outbox",
  "files",
  "idempotency_keys",
  "invoices",
  "job_schedules",
  "jobs",
  "message_reactions",
  "message_translations",
  "messages",
  "one_time_codes",
  "paid_plans",
  "payment_attempts",
  "profanity_filters",
  "push_attempts",
  "push_channel_throttle",
  "push_devices",
  "push_settings",
  "report_emails",
  "report_settings",
  "report_targets",
  "reports",
  "sandbox_gateway_cards",
  "sandbox_gateway_charges",
  "sent_mail",
  "sessions",
  "translation_settings",
  "user_blocks",
  "webhook_attempts",
  "webhook_deliveries",
  "webhook_settings",
]);

/** `PUT /api/apps/:id/webhook/settings` as a method and the path after the app: what a person reads. */
export function actionParts(action: string): { method: string; path: string } {
  const [method = "", path = ""] = action.split(" ");
  const inApp = /^\/api\/apps\/:id(?=\/|$)/;
  const shown = inApp.test(path) ? path.replace(inApp, "") : path.replace(/^\/(api|v1)(?=\/)/, "");
  return { method, path: shown || "/" };
}

/** The i18n key of a recorded route, or null when the web does not know it. */
export function auditActionKey(action: string): string | null {
  if (PUSH_TEMPLATE_ROUTE.test(action)) return "auditLabels.actions.updatePushTemplate";
  const key = ACTION_KEYS[action];
  return key ? `auditLabels.actions.${key}` : null;
}

/** What a route did, in the reader's language. */
export function auditActionLabel(t: TFunction, action: string): string {
  const key = auditActionKey(action);
  if (key) return t(key);
  const { method, path } = actionParts(action);
  const verb = ["POST", "PUT", "PATCH", "DELETE"].includes(method) ? method : "other";
  return t(`auditLabels.fallback.${verb}`, { path });
}

/** A table's name in the reader's language; an unknown one reads as its words ("chat_users" as "chat users"). */
export function auditTableLabel(t: TFunction, table: string): string {
  return TABLES.has(table) ? t(`auditLabels.tables.${table}`) : table.replaceAll("_", " ");
}
