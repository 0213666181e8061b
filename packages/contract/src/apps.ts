import { z } from "zod";
import { REGULAR_CHANNEL_MEMBER_LIMIT } from "./constants";
import { isEmptyOrVisible, V } from "./validation";

export const APP_NAME_MAX = 60;
export const API_KEY_LABEL_MAX = 60;
export const MAX_API_KEYS_PER_APP = 20;

/** 'Enter text.' is the spec's message for an empty app name; it is VALIDATION_REQUIRED in the catalogue. */
export const zAppName = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .refine(isEmptyOrVisible, V.required)
  .max(APP_NAME_MAX, V.tooLong);

export const zApp = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  /** Messages sent in the current calendar month (UTC), from the daily counters. */
  messagesThisMonth: z.number().int(),
  /**
   * Set while an administrator has deactivated the app (`app`, its calls answer 3001) or every app of its account
   * (`account`, 3002): the chat API and the app's dashboard pages refuse it until it is reactivated.
   */
  deactivated: z.enum(["app", "account"]).nullable(),
});
export type TApp = z.infer<typeof zApp>;

export const zCreateAppRequest = z.object({ name: zAppName });
export type TCreateAppRequest = z.infer<typeof zCreateAppRequest>;
export const zUpdateAppRequest = zCreateAppRequest;
export type TUpdateAppRequest = z.infer<typeof zUpdateAppRequest>;

export const zAppResponse = z.object({ app: zApp });
export const zAppsResponse = z.object({ apps: z.array(zApp) });
export type TAppsResponse = z.infer<typeof zAppsResponse>;

export const zAppIdParams = z.object({ id: z.string().uuid() });

/**
 * How far an app has come on its first steps (`GET apps/{id}/onboarding`), read from its data, so the dashboard's
 * checklist ticks itself off.
 */
export const zAppOnboarding = z.object({
  /** The app holds an API key that is not revoked. */
  hasApiKey: z.boolean(),
  /**
   * A chat user exists that the dashboard did not make for testing: someone signed in through the SDK (the sample
   * app's anonymous login, say), or the app's server created one.
   */
  hasUser: z.boolean(),
  /** The app has at least one channel. */
  hasChannel: z.boolean(),
  /** When a chat user (not the dashboard as admin) first sent a message in one of the app's channels; null before. */
  firstMessageAt: z.string().nullable(),
});
export type TAppOnboarding = z.infer<typeof zAppOnboarding>;
export const zAppOnboardingResponse = z.object({ onboarding: zAppOnboarding });

/** The app's chat settings (`GET/PUT apps/{id}/admin`). */
export const zAppChatSettings = z.object({
  allowAnonymousLogin: z.boolean(),
  defaultMemberLimit: z.number().int().min(2).max(REGULAR_CHANNEL_MEMBER_LIMIT),
});
export type TAppChatSettings = z.infer<typeof zAppChatSettings>;
export const zAppChatSettingsResponse = z.object({ settings: zAppChatSettings });

export const zApiKey = z.object({
  id: z.string(),
  label: z.string(),
  /** The first characters of the secret, enough to recognise a key without revealing it. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type TApiKey = z.infer<typeof zApiKey>;
export const zApiKeysResponse = z.object({ apiKeys: z.array(zApiKey) });
export const zCreateApiKeyRequest = z.object({
  label: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .refine(isEmptyOrVisible, V.required)
    .max(API_KEY_LABEL_MAX, V.tooLong),
});
export type TCreateApiKeyRequest = z.infer<typeof zCreateApiKeyRequest>;
/** The secret is returned once, at creation; only its hash is stored. */
export const zCreateApiKeyResponse = z.object({ apiKey: zApiKey, secret: z.string() });
export type TCreateApiKeyResponse = z.infer<typeof zCreateApiKeyResponse>;
export const zApiKeyParams = zAppIdParams.extend({ keyId: z.string().uuid() });
