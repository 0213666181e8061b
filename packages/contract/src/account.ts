import { z } from "zod";
import { zAccountProfile, zLanguage } from "./auth";
import { V, zPassword } from "./validation";

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
});
export type TNotification = z.infer<typeof zNotification>;
export const zNotificationsResponse = z.object({ notifications: z.array(zNotification) });
export type TNotificationsResponse = z.infer<typeof zNotificationsResponse>;

/** 200 only when every dependency in use answers; otherwise 503 with code 002 and the same facts in `data`. */
export const zHealthResponse = z.object({
  status: z.literal("ok"),
  database: z.enum(["pglite", "postgres"]),
  /** `none` when no Redis is configured (a single process). */
  redis: z.enum(["ok", "none"]),
});
