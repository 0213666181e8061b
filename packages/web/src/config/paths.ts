/**
 * Every SPA route: `path` is the router pattern, `getHref` builds a concrete address. Components link through
 * `getHref` so a renamed route changes in one place.
 */
const enc = encodeURIComponent;

function withQuery(path: string, query: Record<string, string | undefined>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const docTabs = [
  "getting-started",
  "sdk",
  "server-sdks",
  "cli",
  "samples",
  "ui-kit",
  "react-native",
  "messages",
  "channels",
  "users",
  "roles",
  "calls",
  "rest-api",
  "dashboard-api",
  "webhooks",
  "push-notifications",
  "imports",
  "limits",
] as const;
export type DocTab = (typeof docTabs)[number];

export const paths = {
  root: { path: "/", getHref: () => "/" },

  intro: {
    home: { path: "/intro", getHref: () => "/intro" },
    product: { path: "/intro/product", getHref: () => "/intro/product" },
    docs: {
      path: "/intro/docs/:tab?",
      getHref: (tab?: DocTab) => (tab ? `/intro/docs/${tab}` : "/intro/docs"),
    },
    pricing: { path: "/intro/pricing", getHref: () => "/intro/pricing" },
    company: { path: "/intro/company", getHref: () => "/intro/company" },
    terms: { path: "/intro/terms", getHref: () => "/intro/terms" },
    privacy: { path: "/intro/privacy", getHref: () => "/intro/privacy" },
    contactUs: { path: "/intro/contactus", getHref: () => "/intro/contactus" },
    freeTrial: { path: "/intro/freetrial", getHref: () => "/intro/freetrial" },
    partner: { path: "/intro/partner", getHref: () => "/intro/partner" },
  },

  auth: {
    login: { path: "/login", getHref: () => "/login" },
    /** Where a sign-in link's query lands (see app/query-links.tsx); the link itself travels in router state. */
    signInLink: { path: "/login/link", getHref: () => "/login/link" },
    /** The password an account signed in by link sets before anything else. */
    firstPassword: { path: "/password/first", getHref: () => "/password/first" },
    signup: { path: "/signup", getHref: () => "/signup" },
    marketplaceSignup: {
      path: "/marketplace/signup",
      getHref: (token?: string) => withQuery("/marketplace/signup", { token }),
    },
    forgot: { path: "/forgot", getHref: () => "/forgot" },
    passwordResetConfirm: {
      path: "/password/reset/confirm",
      getHref: (link?: { email?: string; code?: string }) => withQuery("/password/reset/confirm", link ?? {}),
    },
    emailVerificationSend: {
      path: "/email/verification/send",
      getHref: (email?: string) => withQuery("/email/verification/send", { email }),
    },
    emailVerificationConfirm: {
      path: "/email/verification/confirm",
      getHref: (link?: { email?: string; code?: string }) => withQuery("/email/verification/confirm", link ?? {}),
    },
  },

  dashboard: { path: "/dashboard", getHref: () => "/dashboard" },
  settings: { path: "/settings", getHref: () => "/settings" },
  bills: { path: "/bills", getHref: () => "/bills" },
  admin: {
    companyList: { path: "/admin/companylist", getHref: () => "/admin/companylist" },
    companyDetail: {
      path: "/admin/companydetail/:companyId",
      getHref: (companyId: string) => `/admin/companydetail/${enc(companyId)}`,
    },
  },

  apps: {
    list: { path: "/apps", getHref: () => "/apps" },
    app: { path: "/apps/:appId", getHref: (appId: string) => `/apps/${enc(appId)}` },
    report: { path: "/apps/:appId/report", getHref: (appId: string) => `/apps/${enc(appId)}/report` },
    pushNotification: {
      path: "/apps/:appId/push-notification",
      getHref: (appId: string) => `/apps/${enc(appId)}/push-notification`,
    },
    translation: { path: "/apps/:appId/translation", getHref: (appId: string) => `/apps/${enc(appId)}/translation` },
    webhooks: { path: "/apps/:appId/webhooks", getHref: (appId: string) => `/apps/${enc(appId)}/webhooks` },
    user: { path: "/apps/:appId/user", getHref: (appId: string) => `/apps/${enc(appId)}/user` },
    channels: { path: "/apps/:appId/channels", getHref: (appId: string) => `/apps/${enc(appId)}/channels` },
    channel: {
      path: "/apps/:appId/channels/:channelId",
      /** With `seq`, the view opens at that message. */
      getHref: (appId: string, channelId: string, seq?: number) =>
        withQuery(`/apps/${enc(appId)}/channels/${enc(channelId)}`, { seq: seq?.toString() }),
    },
    calls: { path: "/apps/:appId/calls", getHref: (appId: string) => `/apps/${enc(appId)}/calls` },
    messageSearch: { path: "/apps/:appId/search", getHref: (appId: string) => `/apps/${enc(appId)}/search` },
    liveTail: { path: "/apps/:appId/live", getHref: (appId: string) => `/apps/${enc(appId)}/live` },
    reports: { path: "/apps/:appId/reports", getHref: (appId: string) => `/apps/${enc(appId)}/reports` },
    audit: { path: "/apps/:appId/audit", getHref: (appId: string) => `/apps/${enc(appId)}/audit` },
    exports: { path: "/apps/:appId/exports", getHref: (appId: string) => `/apps/${enc(appId)}/exports` },
    imports: { path: "/apps/:appId/imports", getHref: (appId: string) => `/apps/${enc(appId)}/imports` },
    profanityFilter: {
      path: "/apps/:appId/profanity-filter",
      getHref: (appId: string) => `/apps/${enc(appId)}/profanity-filter`,
    },
    moderationRules: {
      path: "/apps/:appId/moderation-rules",
      getHref: (appId: string) => `/apps/${enc(appId)}/moderation-rules`,
    },
    roles: { path: "/apps/:appId/roles", getHref: (appId: string) => `/apps/${enc(appId)}/roles` },
    settings: { path: "/apps/:appId/settings", getHref: (appId: string) => `/apps/${enc(appId)}/settings` },
    message: {
      root: { path: "/apps/:appId/message", getHref: (appId: string) => `/apps/${enc(appId)}/message` },
      brandList: {
        path: "/apps/:appId/message/brand/list",
        getHref: (appId: string) => `/apps/${enc(appId)}/message/brand/list`,
      },
      brandRegister: {
        path: "/apps/:appId/message/brand/register",
        getHref: (appId: string) => `/apps/${enc(appId)}/message/brand/register`,
      },
      brandEdit: {
        path: "/apps/:appId/message/brand/:brandId/edit",
        getHref: (appId: string, brandId: string) => `/apps/${enc(appId)}/message/brand/${enc(brandId)}/edit`,
      },
      campaignList: {
        path: "/apps/:appId/message/campaign/list",
        getHref: (appId: string) => `/apps/${enc(appId)}/message/campaign/list`,
      },
      campaignRegister: {
        path: "/apps/:appId/message/campaign/register",
        getHref: (appId: string) => `/apps/${enc(appId)}/message/campaign/register`,
      },
      campaignResend: {
        path: "/apps/:appId/message/campaign/:campaignId/resend",
        getHref: (appId: string, campaignId: string) =>
          `/apps/${enc(appId)}/message/campaign/${enc(campaignId)}/resend`,
      },
      campaignDetail: {
        path: "/apps/:appId/message/campaign/:campaignId/detail",
        getHref: (appId: string, campaignId: string) =>
          `/apps/${enc(appId)}/message/campaign/${enc(campaignId)}/detail`,
      },
      campaignDraft: {
        path: "/apps/:appId/message/campaign/:campaignId/draft",
        getHref: (appId: string, campaignId: string) => `/apps/${enc(appId)}/message/campaign/${enc(campaignId)}/draft`,
      },
      campaignReport: {
        path: "/apps/:appId/message/campaign/:campaignId/report",
        getHref: (appId: string, campaignId: string) =>
          `/apps/${enc(appId)}/message/campaign/${enc(campaignId)}/report`,
      },
    },
  },

  billingPayletter: { path: "/billing-payletter", getHref: () => "/billing-payletter" },
  blank: { path: "/blank", getHref: () => "/blank" },
  notFound: { path: "/notfound", getHref: () => "/notfound" },
  /** `reason` says why, when the page can tell the account what to do about it (`admin`: who gives the role). */
  notAllowed: {
    path: "/notallowed",
    getHref: (reason?: "admin") => (reason ? `/notallowed?reason=${reason}` : "/notallowed"),
  },
  error: { path: "/error", getHref: () => "/error" },
  fail: { path: "/fail", getHref: () => "/fail" },
  /** The public status page: each part of the service up or down, and recent incidents. */
  serviceStatus: { path: "/status", getHref: () => "/status" },
} as const;

/** Pattern that matches any address inside one app, used by the shell to show the app submenu. */
export const appScopePattern = "/apps/:appId/*";
