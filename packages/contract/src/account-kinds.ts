import { z } from "zod";
import { zAppIdParams } from "./apps";
import { zAccountProfile, zLanguage, zSessionState, zSignupConsent, zUserType } from "./auth";
import { zDay } from "./plans";
import { zEmail, zPassword } from "./validation";

/**
 * Account kinds beyond the ordinary customer (spec sections 1, 2 and 6): sub-accounts for one app, accounts made
 * through a cloud marketplace, and the admin console over every customer company.
 */

/** How long a sub-account's invitation link (and a marketplace sign-in link) can be used. */
export const SIGN_IN_LINK_TTL_HOURS = 24;
/** How many sub-accounts one app may have. */
export const SUB_ACCOUNTS_PER_APP_MAX = 20;

// Sub-accounts ------------------------------------------------------------------------------------------------

export const zSubAccountStatus = z.enum(["invited", "active"]);
export const zSubAccount = z.object({
  id: z.string(),
  email: z.string(),
  /** Invited until the first sign-in with the link sets a password. */
  status: zSubAccountStatus,
  invitedAt: z.string(),
  /** When the newest invitation link stops working; null once active. */
  linkExpiresAt: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
});
export type TSubAccount = z.infer<typeof zSubAccount>;
export const zSubAccountList = z.object({ subAccounts: z.array(zSubAccount) });
export type TSubAccountList = z.infer<typeof zSubAccountList>;
export const zSubAccountResponse = z.object({ subAccount: zSubAccount });
export const zCreateSubAccountRequest = z.object({ email: zEmail });
export type TCreateSubAccountRequest = z.infer<typeof zCreateSubAccountRequest>;
export const zSubAccountParams = zAppIdParams.extend({ subAccountId: z.string().uuid() });

// Sign-in links ---------------------------------------------------------------------------------------------

/**
 * Exchanges a sign-in link's one-time token for a session. A sub-account's first sign-in answers
 * `passwordRequired: true`: the web app asks for a password before anything else.
 */
export const zLinkLoginRequest = z.object({
  userType: zUserType.exclude(["ordinary"]),
  email: zEmail,
  token: z.string().min(1).max(200),
  /** The sub-account's app, as the link names it. */
  appId: z.string().uuid().optional(),
});
export type TLinkLoginRequest = z.infer<typeof zLinkLoginRequest>;

/** The session state; its `passwordRequired` says whether the first password comes first. */
export const zLinkLoginResponse = zSessionState;
export type TLinkLoginResponse = z.infer<typeof zLinkLoginResponse>;

/** A first password for an account that has none yet (a sub-account after its first sign-in). */
export const zFirstPasswordRequest = z.object({ password: zPassword });
export type TFirstPasswordRequest = z.infer<typeof zFirstPasswordRequest>;

// Marketplace -----------------------------------------------------------------------------------------------

/**
 * What a cloud marketplace signs (HMAC-SHA256 with the shared secret, `base64url(json).base64url(signature)`):
 * the marketplace's customer id, the buyer's email, and when the token stops being valid (seconds since epoch).
 */
export const zMarketplaceTokenClaims = z.object({
  customerId: z.string().min(1).max(200),
  email: zEmail,
  exp: z.number().int(),
});
export type TMarketplaceTokenClaims = z.infer<typeof zMarketplaceTokenClaims>;

export const zMarketplaceSignupRequest = zAccountProfile.extend({
  token: z.string().min(1).max(4000),
  language: zLanguage,
  ...zSignupConsent.shape,
});
export type TMarketplaceSignupRequest = z.infer<typeof zMarketplaceSignupRequest>;

/** The new account's sign-in link parts: the page signs in with them at once. */
export const zMarketplaceSignupResponse = z.object({ email: z.string(), signInToken: z.string() });
export type TMarketplaceSignupResponse = z.infer<typeof zMarketplaceSignupResponse>;

// Admin -----------------------------------------------------------------------------------------------------

export const COMPANY_SORT_KEYS = [
  "companyName",
  "email",
  "kind",
  "planState",
  "apps",
  "messagesThisMonth",
  "createdAt",
] as const;
export const zCompanySortKey = z.enum(COMPANY_SORT_KEYS);
export type TCompanySortKey = z.infer<typeof zCompanySortKey>;

/** Where a company stands with its plan, as the admin list shows it. */
export const COMPANY_PLAN_STATES = ["trial", "paid", "cancelling", "stopped", "marketplace"] as const;
export const zCompanyPlanState = z.enum(COMPANY_PLAN_STATES);
export type TCompanyPlanState = z.infer<typeof zCompanyPlanState>;

export const zCompanyListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  sort: zCompanySortKey.default("createdAt"),
  order: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TCompanyListQuery = z.infer<typeof zCompanyListQuery>;

/** A customer company: an ordinary or marketplace account with its apps (sub-accounts belong to their owner). */
export const zCompanySummary = z.object({
  id: z.string(),
  companyName: z.string(),
  email: z.string(),
  kind: zUserType,
  planState: zCompanyPlanState,
  apps: z.number().int(),
  messagesThisMonth: z.number().int(),
  createdAt: z.string(),
});
export type TCompanySummary = z.infer<typeof zCompanySummary>;
export const zCompanyPage = z.object({
  companies: z.array(zCompanySummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TCompanyPage = z.infer<typeof zCompanyPage>;

export const ADMIN_ACTIONS = [
  "noticeFeature.enable",
  "noticeFeature.disable",
  "trial.extend",
  "account.unlock",
  "service.stop",
  "service.restore",
  /** Every app of the company answers 3002, on the chat API and the dashboard, until reactivated. */
  "apps.deactivate",
  "apps.reactivate",
  /** One app (`detail.appId`) answers 3001 until reactivated. */
  "app.deactivate",
  "app.reactivate",
  /** A notice of type "other" posted to the company (`detail.notificationId`). */
  "notice.post",
  "notice.withdraw",
  /** A paid invoice (`detail.invoiceId`, `detail.month`) was sent to the payment gateway for a refund. */
  "invoice.refund",
] as const;
export const zAdminAction = z.enum(ADMIN_ACTIONS);
export type TAdminAction = z.infer<typeof zAdminAction>;

export const zAdminActionRecord = z.object({
  id: z.string(),
  action: zAdminAction,
  /**
   * What the action changed, e.g. the days a trial was extended by, and when a paid plan applied during the trial
   * moved with it, its start day before and after (`previousPaidPlanStartDate`, `paidPlanStartDate`).
   */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  adminEmail: z.string(),
  at: z.string(),
});
export type TAdminActionRecord = z.infer<typeof zAdminActionRecord>;

export const zCompanyDetail = z.object({
  company: zCompanySummary.extend({
    name: z.string(),
    contact: z.string(),
    companyHomepage: z.string(),
    language: zLanguage,
    emailVerifiedAt: z.string().nullable(),
    lockedAt: z.string().nullable(),
    noticeFeatureEnabled: z.boolean(),
    marketplaceCustomerId: z.string().nullable(),
  }),
  apps: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      messagesThisMonth: z.number().int(),
      createdAt: z.string(),
      /** When an administrator deactivated this app on its own (3001); null while it is active. */
      deactivatedAt: z.string().nullable(),
    }),
  ),
  /** When an administrator deactivated every app of the company (3002); null while they are active. */
  appsDeactivatedAt: z.string().nullable(),
  plan: z.object({
    state: zCompanyPlanState,
    /** The instant the trial is over; null for accounts without a trial. */
    trialEndsAt: z.string().nullable(),
    /** The trial's last day (UTC), included, as the customer's screens show it (see `trialPeriod`). */
    trialLastDay: zDay.nullable(),
    paidSince: z.string().nullable(),
    serviceStoppedAt: z.string().nullable(),
  }),
  invoices: z.array(
    z.object({
      id: z.string(),
      month: z.string(),
      total: z.number(),
      currency: z.string(),
      status: z.string(),
      /** Why the payment gateway refused the last refund, while the invoice is `cancelFailed`. */
      refundFailureReason: z.string().nullable().optional(),
    }),
  ),
  subAccounts: z.array(zSubAccount.extend({ appId: z.string(), appName: z.string() })),
  actions: z.array(zAdminActionRecord),
});
export type TCompanyDetail = z.infer<typeof zCompanyDetail>;

export const zCompanyParams = z.object({ companyId: z.string().uuid() });
export const zCompanyInvoiceParams = zCompanyParams.extend({ invoiceId: z.string().uuid() });
export const zCompanyAppParams = zCompanyParams.extend({ appId: z.string().uuid() });
export const zNoticeFeatureRequest = z.object({ enabled: z.boolean() });
export const zExtendTrialRequest = z.object({ days: z.number().int().min(1).max(365) });
