/** Dashboard API paths, relative to `/api`. One place, so the server routes and the web fetchers agree. */
export const api = {
  health: "/health",
  /** The service's components, up or down, and recent incidents: for people, on the status page. */
  status: "/status",
  /** The dashboard API's OpenAPI document: the parts an app's owner automates (see dashboard-reference.ts). */
  openapi: "/openapi.json",
  auth: {
    signup: "/auth/signup",
    login: "/auth/login",
    logout: "/auth/logout",
    passwordReset: "/auth/password/reset",
    passwordResetConfirm: "/auth/password/reset/confirm",
    emailVerified: "/auth/email/verified",
    emailVerificationSend: "/auth/email/verification/send",
    emailVerificationConfirm: "/auth/email/verification/confirm",
    /** Open to everyone, signed in or not: the public site's inquiry form. */
    contactUs: "/auth/contactus",
    /** Exchanges a sign-in link's one-time token (sub-account invitation, marketplace) for a session. */
    linkLogin: "/auth/link/login",
    /** Sets the password of an account signed in by link that has none yet. */
    firstPassword: "/auth/password/first",
    /** The signed-in account's active sessions (GET), and ending all of them: "log out everywhere" (DELETE). */
    sessions: "/auth/sessions",
    /** Ends one session of the signed-in account. */
    session: "/auth/sessions/:sessionId",
    /**
     * The session state login gave, as the account is now: what an open dashboard re-reads so that a role or flag
     * changed by an admin applies without a new login.
     */
    currentSession: "/auth/session",
  },
  marketplace: {
    signup: "/marketplace/signup",
  },
  admin: {
    companies: "/admin/companies",
    company: "/admin/companies/:companyId",
    noticeFeature: "/admin/companies/:companyId/notice-feature",
    extendTrial: "/admin/companies/:companyId/trial/extend",
    unlock: "/admin/companies/:companyId/unlock",
    stopService: "/admin/companies/:companyId/service/stop",
    restoreService: "/admin/companies/:companyId/service/restore",
    /** Refunds a paid invoice of the company at the payment gateway (cancel pending, then cancelled or cancel failed). */
    refundInvoice: "/admin/companies/:companyId/invoices/:invoiceId/refund",
    notices: "/admin/notices",
    notice: "/admin/notices/:noticeId",
    deactivateApps: "/admin/companies/:companyId/apps/deactivate",
    reactivateApps: "/admin/companies/:companyId/apps/reactivate",
    deactivateApp: "/admin/companies/:companyId/apps/:appId/deactivate",
    reactivateApp: "/admin/companies/:companyId/apps/:appId/reactivate",
  },
  account: {
    self: "/account",
    password: "/account/password",
  },
  apps: {
    list: "/apps",
    one: "/apps/:id",
    admin: "/apps/:id/admin",
    apiKeys: "/apps/:id/api-keys",
    apiKey: "/apps/:id/api-keys/:keyId",
    /** The secrets an app signs its users' login tokens (JWT) with; creating one when one exists rotates. */
    loginSigningSecrets: "/apps/:id/login-signing/secrets",
    loginSigningSecret: "/apps/:id/login-signing/secrets/:secretId",
    loginTokensRevoke: "/apps/:id/login-signing/revoke",
    /** What the app has done of its first steps, for the onboarding checklist. */
    onboarding: "/apps/:id/onboarding",
    subAccounts: "/apps/:id/sub-accounts",
    subAccount: "/apps/:id/sub-accounts/:subAccountId",
    subAccountResend: "/apps/:id/sub-accounts/:subAccountId/resend",
    profanityEnabled: "/apps/:id/profanity/filter/enabled",
    profanity: "/apps/:id/profanity/filter",
    moderationRules: "/apps/:id/moderation/rules",
    moderationRule: "/apps/:id/moderation/rules/:ruleId",
    moderationRulesOrder: "/apps/:id/moderation/rules/order",
    moderationRulesSettings: "/apps/:id/moderation/rules/settings",
    moderationRulesTest: "/apps/:id/moderation/rules/test",
    moderationRulesReplay: "/apps/:id/moderation/rules/replay",
    pushFcmKey: "/apps/:id/push/fcm/key",
    pushApnsKey: "/apps/:id/push/apns/key",
    pushApnsTest: "/apps/:id/push/apns/test",
    pushEnabled: "/apps/:id/push/enabled",
    linkPreviewsEnabled: "/apps/:id/link-previews/enabled",
    pushNotificationSettings: "/apps/:id/push/notification/settings",
    pushSuperChannel: "/apps/:id/push/notification/settings/superchannel",
    pushTemplates: "/apps/:id/push/templates",
    /** Followed by `/` and a template key such as `message/send` (see {@link pushTemplatePath}). */
    pushTemplate: "/apps/:id/push/template",
    pushAttempts: "/apps/:id/push/attempts",
    pushTest: "/apps/:id/push/test",
    translationEnabled: "/apps/:id/translation/google/enabled",
    translationKey: "/apps/:id/translation/google",
    translationVerify: "/apps/:id/translation/google/verify",
    webhookEnabled: "/apps/:id/webhook/enabled",
    webhookSettings: "/apps/:id/webhook/settings",
    webhookSecretRotate: "/apps/:id/webhook/secret/rotate",
    webhookSample: "/apps/:id/webhook/sample",
    webhookTest: "/apps/:id/webhook/test",
    webhookDeliveries: "/apps/:id/webhook/deliveries",
    webhookDelivery: "/apps/:id/webhook/deliveries/:deliveryId",
    webhookRedeliver: "/apps/:id/webhook/deliveries/:deliveryId/redeliver",
  },
  metrics: {
    apps: "/metrics/apps",
    app: "/metrics/apps/:appId",
    export: "/metrics/apps/:appId/export",
    emails: "/metrics/emails",
  },
  /** The bulk message area; every call answers 1023 unless the account's notice-feature flag is on. */
  notice: {
    brands: "/apps/:id/notice/brands",
    brand: "/apps/:id/notice/brands/:brandId",
    /** Upload a cover image (multipart, one `file` part), then name its id in a brand's `coverImageId`. */
    brandCoverImages: "/apps/:id/notice/brands/cover-images",
    campaigns: "/apps/:id/notice/campaigns",
    campaign: "/apps/:id/notice/campaigns/:campaignId",
    /** Upload the recipient CSV (multipart, one `file` part) to a draft; replaces an earlier upload. */
    campaignRecipients: "/apps/:id/notice/campaigns/:campaignId/recipients",
    /** The rows the upload left out, as CSV. */
    campaignExcluded: "/apps/:id/notice/campaigns/:campaignId/recipients/excluded",
    campaignConfirm: "/apps/:id/notice/campaigns/:campaignId/confirm",
    campaignCancel: "/apps/:id/notice/campaigns/:campaignId/cancel",
    campaignRetry: "/apps/:id/notice/campaigns/:campaignId/retry",
    /** Delete the messages a campaign delivered (from every recipient's brand channel). */
    campaignDeleteMessages: "/apps/:id/notice/campaigns/:campaignId/delete-messages",
    /** Copy a finished campaign, recipients included, into a new draft. */
    campaignResend: "/apps/:id/notice/campaigns/:campaignId/resend",
    campaignReport: "/apps/:id/notice/campaigns/:campaignId/report",
  },
  notifications: {
    list: "/notifications",
    hidePasswordNotice: "/notifications/password-reset-required/hide",
    dismiss: "/notifications/:noticeId/dismiss",
  },
} as const;

export const API_PREFIX = "/api";

/** Fills `:name` segments of a path. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}

/** The path of one push template: its key's slashes are path segments, as spec section 7 writes them. */
export function pushTemplatePath(appId: string, key: string): string {
  return `${fillPath(api.apps.pushTemplate, { id: appId })}/${key}`;
}
