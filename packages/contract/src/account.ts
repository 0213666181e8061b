import { z } from "zod";
import { zAccountProfile, zLanguage } from "./auth";
import { isEmptyOrVisible, V, zPassword } from "./validation";

export const zAccount = zAccountProfile.extend({
  email: z.string(),
  language: zLanguage,
  paymentCurrency: z.enum(["KRW", "USD"]),
  emailVerifiedAt: z.string().nullable(),
  passwordChangedAt: z.string(),
  createdAt: z.string(),
});
export type TAccount = z.infer<typeof zAccount>;
export const zAccountResponse = z.object({ account: zAccount });

export const zUpdateAccountRequest = zAccountProfile.extend({ language: zLanguage.optional() });
export type TUpdateAccountRequest = z.infer<typeof zUpdateAccountRequest>;

export const zChangePasswordRequest = z
  .object({
    currentPassword: z.string().min(1, V.required).max(256),
    newPassword: zPassword,
    newPasswordConfirm: z.string().min(1, V.required),
  })
  .refine((v) => v.newPassword === v.newPasswordConfirm, {
    message: V.passwordMismatch,
    path: ["newPasswordConfirm"],
  });
export type TChangePasswordRequest = z.infer<typeof zChangePasswordRequest>;
export const zChangePasswordResponse = z.object({ passwordChangedAt: z.string() });

export const zNotificationType = z.enum([
  "FreePlanExpiring",
  "CardNotRegistered",
  "CardPaymentFailed",
  "UsingFreePlan",
  "PasswordResetRequired",
  "Other",
]);
export type TNotificationType = z.infer<typeof zNotificationType>;

/**
 * A notice bar entry. `text` is the server's localized sentence; `params` lets the web app render its own
 * wording (e.g. `daysLeft` for UsingFreePlan).
 */
export const zNotification = z.object({
  type: zNotificationType,
  text: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** With `Other`: the administrator's notice, which the reader dismisses by this id. */
  id: z.string().optional(),
});
export type TNotification = z.infer<typeof zNotification>;
export const zNotificationsResponse = z.object({ notifications: z.array(zNotification) });
export type TNotificationsResponse = z.infer<typeof zNotificationsResponse>;
export const zNotificationParams = z.object({ noticeId: z.string().uuid() });

/** Longest text of an administrator's notice, in each language: one line of the notice bar. */
export const ADMIN_NOTICE_TEXT_MAX = 200;

/**
 * An administrator's notice (type `Other`) to one company (`companyId`) or to every account (`companyId` null), in
 * Korean and English; each reader sees it in their account's language (the other one when theirs is empty) until
 * they dismiss it or an administrator withdraws it.
 */
export const zAdminNoticeRequest = z
  .object({
    companyId: z.string().uuid().nullable(),
    text: z.object({
      ko: z.string().trim().max(ADMIN_NOTICE_TEXT_MAX).refine(isEmptyOrVisible, { message: V.required }),
      en: z.string().trim().max(ADMIN_NOTICE_TEXT_MAX).refine(isEmptyOrVisible, { message: V.required }),
    }),
  })
  .refine((notice) => notice.text.ko !== "" || notice.text.en !== "", { message: V.required, path: ["text", "ko"] });
export type TAdminNoticeRequest = z.infer<typeof zAdminNoticeRequest>;
export type TAdminNoticeRequestInput = z.input<typeof zAdminNoticeRequest>;

export const zAdminNotice = z.object({
  id: z.string(),
  companyId: z.string().nullable(),
  /** The company's name, or its owner's email when it has none; null for a notice to every account. */
  companyName: z.string().nullable(),
  text: z.object({ ko: z.string(), en: z.string() }),
  adminEmail: z.string(),
  createdAt: z.string(),
  dismissals: z.number().int(),
});
export type TAdminNotice = z.infer<typeof zAdminNotice>;
export const zAdminNoticesResponse = z.object({ notices: z.array(zAdminNotice) });
export const zAdminNoticeResponse = z.object({ notice: zAdminNotice });
export const zAdminNoticeParams = z.object({ noticeId: z.string().uuid() });

/** 200 only when every dependency in use answers; otherwise 503 with code 002 and the same facts in `data`. */
export const zHealthResponse = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  /** `none` when no Redis is configured (a single process). */
  redis: z.enum(["ok", "none"]),
});
