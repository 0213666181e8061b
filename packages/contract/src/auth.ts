import { z } from "zod";
import { LANGUAGES } from "./constants";
import { V, zEmail, zOptionalHttpUrl, zOptionalText, zPassword, zPhone, zText } from "./validation";

export const zLanguage = z.enum(LANGUAGES);
export const zUserType = z.enum(["ordinary", "subaccount", "marketplaceaccount"]);
export type TUserType = z.infer<typeof zUserType>;

export const zCompanyAddress = z.object({
  postalCode: zOptionalText(16),
  address: zOptionalText(200),
  detail: zOptionalText(200),
});

/** The profile fields of an account (spec section 3), shared by signup and account settings. */
export const zAccountProfile = z.object({
  name: zText(100),
  contact: zPhone,
  companyName: zText(100),
  companyHomepage: zOptionalHttpUrl,
  companyAddress: zCompanyAddress,
  marketingConsent: z.boolean().default(false),
});
export type TAccountProfile = z.infer<typeof zAccountProfile>;

/**
 * The terms of service and the privacy policy in force, named by the day they took effect: an account stores the
 * versions it accepted at signup. A new version gets a new date here and a new text on the public pages.
 */
export const TERMS_VERSION = "2026-11-24";
export const PRIVACY_VERSION = "2026-11-24";

/**
 * The consent every signup form must give: the terms of service and the privacy policy, each on its own and
 * each required. Marketing consent is separate and optional (`marketingConsent` of the profile).
 */
export const zSignupConsent = z.object({
  termsAccepted: z.literal(true, { error: V.termsRequired }),
  privacyAccepted: z.literal(true, { error: V.privacyRequired }),
});
export type TSignupConsent = z.infer<typeof zSignupConsent>;

export const zSignupRequest = zAccountProfile.extend({
  email: zEmail,
  password: zPassword,
  language: zLanguage,
  ...zSignupConsent.shape,
});
export type TSignupRequest = z.infer<typeof zSignupRequest>;

/** The web form adds a confirmation field; the API does not need it. */
export const zSignupForm = zSignupRequest
  .extend({ passwordConfirm: z.string().min(1, V.required) })
  .refine((v) => v.password === v.passwordConfirm, {
    message: V.passwordMismatch,
    path: ["passwordConfirm"],
    // Compared as soon as both are typed: an agreement not yet given (a refused literal) would otherwise skip it.
    when: ({ value }) => {
      const form = value as { password?: unknown; passwordConfirm?: unknown } | undefined;
      return typeof form?.password === "string" && typeof form.passwordConfirm === "string";
    },
  });

export const zSignupResponse = z.object({ email: z.string(), verificationSent: z.boolean() });
export type TSignupResponse = z.infer<typeof zSignupResponse>;

export const zLoginRequest = z.object({ email: zEmail, password: z.string().min(1, V.required).max(256) });
export type TLoginRequest = z.infer<typeof zLoginRequest>;

/** Session state of spec section 3, as login returns it and the web app keeps it. */
export const zSessionState = z.object({
  sessionToken: z.string(),
  email: z.string(),
  userType: zUserType,
  isAdmin: z.boolean(),
  subAccountAppId: z.string().nullable(),
  passwordChangedAt: z.string(),
  noticeFeatureEnabled: z.boolean(),
  paymentCurrency: z.enum(["KRW", "USD"]),
  language: zLanguage,
  /** A sub-account signed in by its invitation link has no password yet: it sets one before anything else. */
  passwordRequired: z.boolean().default(false),
});
export type TSessionState = z.infer<typeof zSessionState>;
export const zLoginResponse = zSessionState;
export type TLoginResponse = TSessionState;

export const zOk = z.object({ ok: z.literal(true) });
export type TOk = z.infer<typeof zOk>;

export const zPasswordResetRequest = z.object({ email: zEmail });
export const zPasswordResetConfirmRequest = z.object({
  email: zEmail,
  code: z.string().min(1, V.required).max(200),
  password: zPassword,
});
export type TPasswordResetConfirmRequest = z.infer<typeof zPasswordResetConfirmRequest>;
export const zPasswordResetConfirmForm = zPasswordResetConfirmRequest
  .extend({ passwordConfirm: z.string().min(1, V.required) })
  .refine((v) => v.password === v.passwordConfirm, { message: V.passwordMismatch, path: ["passwordConfirm"] });

export const zEmailVerificationSendRequest = z.object({ email: zEmail });
export const zEmailVerificationConfirmRequest = z.object({
  email: zEmail,
  code: z.string().min(1, V.required).max(200),
});
/**
 * A confirmed verification signs the user in, so they need not type the password they chose a minute ago:
 * `session` is a new session for the browser that sent the code. It is null when that browser already holds a
 * session (two never mix in one browser) or the account is locked; the user then logs in as before.
 */
export const zEmailVerificationConfirmResponse = z.object({ ok: z.literal(true), session: zSessionState.nullable() });
export type TEmailVerificationConfirmResponse = z.infer<typeof zEmailVerificationConfirmResponse>;
export const zEmailVerifiedQuery = z.object({ email: zEmail });
export const zEmailVerifiedResponse = z.object({ email: z.string(), verified: z.boolean() });

/** One active session of an account, as the account settings list them. */
export const zActiveSession = z.object({
  id: z.string(),
  /** The browser or program that signed in, as it named itself. */
  userAgent: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session this request was made with. */
  current: z.boolean(),
});
export type TActiveSession = z.infer<typeof zActiveSession>;
export const zActiveSessionsResponse = z.object({ sessions: z.array(zActiveSession) });
export const zSessionParams = z.object({ sessionId: z.uuid() });
/** How many sessions "log out everywhere" ended. */
export const zSessionsEndedResponse = z.object({ ended: z.number().int() });
