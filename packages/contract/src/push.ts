import { z } from "zod";
import { zPageQuery } from "./chat";
import type { Language } from "./constants";
import { V } from "./validation";

/**
 * The events an app can push for, in the order of spec section 3; each has one template. `message/mention` and
 * `message/reply` are a message's own notification to the users it mentions and to those taking part in the thread
 * it answers, instead of `message/send`. `call/incoming` tells a callee with no socket open that a call rings; its
 * `{{message}}` is the call's kind ("Incoming voice call", "Incoming video call"), `{{channel}}` is empty.
 */
export const PUSH_TEMPLATE_KEYS = [
  "message/send",
  "message/mention",
  "message/reply",
  "message/deleted",
  "channel/member/left",
  "channel/member/added",
  "channel/member/muted",
  "channel/member/unmuted",
  "channel/member/banned",
  "channel/member/unbanned",
  "channel/changed",
  "channel/deleted",
  "channel/created",
  "call/incoming",
] as const;
export const zPushTemplateKey = z.enum(PUSH_TEMPLATE_KEYS);
export type TPushTemplateKey = z.infer<typeof zPushTemplateKey>;

/**
 * The templates with a title of their own; the others are titled with the channel's name (the app's, for a channel
 * without one), as the spec's message template is.
 */
export const TITLED_PUSH_TEMPLATE_KEYS = [
  "message/mention",
  "message/reply",
] as const satisfies readonly TPushTemplateKey[];
export type TTitledPushTemplateKey = (typeof TITLED_PUSH_TEMPLATE_KEYS)[number];
export const isTitledPushTemplateKey = (key: TPushTemplateKey): key is TTitledPushTemplateKey =>
  (TITLED_PUSH_TEMPLATE_KEYS as readonly string[]).includes(key);

/** The variables a template may use, written `{{name}}`. */
export const PUSH_TEMPLATE_VARIABLES = ["app", "channel", "message", "sender.name", "sender.profileImageUrl"] as const;
export type TPushTemplateVariable = (typeof PUSH_TEMPLATE_VARIABLES)[number];
export type TPushTemplateValues = Record<TPushTemplateVariable, string>;

export const PUSH_TEMPLATE_MAX = 500;
/** Apple and Google both cut a notification body well before this; longer messages are shortened with "…". */
export const PUSH_MESSAGE_PREVIEW_MAX = 200;
/** Super channels push at most one event per this many minutes per channel (spec section 9). */
export const SUPER_CHANNEL_PUSH_MIN_INTERVAL_MINUTES = 5;
export const PUSH_TOKEN_MAX = 4096;
export const PUSH_DEVICES_PER_USER_MAX = 20;

/**
 * The text a template has until the app saves its own, in the language of the account that owns the app: its
 * end users most likely read that language, and the dashboard's language is only the viewer's choice.
 */
export const DEFAULT_PUSH_TEMPLATES: Record<Language, Record<TPushTemplateKey, string>> = {
  ko: {
    "message/send": "{{sender.name}}: {{message}}",
    "message/mention": "{{message}}",
    "message/reply": "{{message}}",
    "message/deleted": "{{sender.name}} 님이 {{channel}}에서 메시지를 삭제했습니다",
    "channel/member/left": "{{sender.name}} 님이 {{channel}}에서 나갔습니다",
    "channel/member/added": "{{sender.name}} 님이 {{channel}}에 참여했습니다",
    "channel/member/muted": "{{sender.name}} 님이 {{channel}}에서 음소거되었습니다",
    "channel/member/unmuted": "{{sender.name}} 님의 {{channel}} 음소거가 해제되었습니다",
    "channel/member/banned": "{{sender.name}} 님이 {{channel}}에서 차단되었습니다",
    "channel/member/unbanned": "{{sender.name}} 님의 {{channel}} 차단이 해제되었습니다",
    "channel/changed": "{{channel}} 채널 정보가 변경되었습니다",
    "channel/deleted": "{{channel}} 채널이 삭제되었습니다",
    "channel/created": "{{channel}} 채널에 초대되었습니다",
    "call/incoming": "{{sender.name}} 님의 {{message}}",
  },
  en: {
    "message/send": "{{sender.name}}: {{message}}",
    "message/mention": "{{message}}",
    "message/reply": "{{message}}",
    "message/deleted": "{{sender.name}} deleted a message in {{channel}}",
    "channel/member/left": "{{sender.name}} left {{channel}}",
    "channel/member/added": "{{sender.name}} joined {{channel}}",
    "channel/member/muted": "{{sender.name}} was muted in {{channel}}",
    "channel/member/unmuted": "{{sender.name}} was unmuted in {{channel}}",
    "channel/member/banned": "{{sender.name}} was banned from {{channel}}",
    "channel/member/unbanned": "{{sender.name}} was unbanned from {{channel}}",
    "channel/changed": "{{channel}} was updated",
    "channel/deleted": "{{channel}} was deleted",
    "channel/created": "You were added to {{channel}}",
    "call/incoming": "{{message}} from {{sender.name}}",
  },
};

/** What `{{message}}` holds in the `call/incoming` template, in the language of the account that owns the app. */
export const CALL_PUSH_KIND_TEXTS: Record<Language, Record<"audio" | "video", string>> = {
  ko: { audio: "음성 통화", video: "영상 통화" },
  en: { audio: "Incoming voice call", video: "Incoming video call" },
};

/** The titles of the templates that have one, as {@link DEFAULT_PUSH_TEMPLATES} holds their bodies. */
export const DEFAULT_PUSH_TITLES: Record<Language, Record<TTitledPushTemplateKey, string>> = {
  ko: {
    "message/mention": "{{sender.name}} 님이 {{channel}}에서 회원님을 언급했습니다",
    "message/reply": "{{sender.name}} 님이 {{channel}}에서 답글을 남겼습니다",
  },
  en: {
    "message/mention": "{{sender.name}} mentioned you in {{channel}}",
    "message/reply": "{{sender.name}} replied in {{channel}}",
  },
};

/**
 * Fills a template. Shared by the server's push sender and the dashboard's live preview, so the preview is what
 * a device shows. Unknown variables stay as written; `{{ name }}` with spaces is accepted.
 */
export function renderPushTemplate(template: string, values: TPushTemplateValues): string {
  return template.replace(/\{\{\s*([A-Za-z.]+)\s*\}\}/g, (whole, name: string) =>
    (PUSH_TEMPLATE_VARIABLES as readonly string[]).includes(name) ? values[name as TPushTemplateVariable] : whole,
  );
}

/**
 * The `{{…}}` names in a template that {@link renderPushTemplate} does not fill, each once, in order of first use.
 * Any braces count, not only names `renderPushTemplate` could match, so `{{user_name}}` and `{{}}` are caught too.
 */
export function unknownPushTemplateVariables(template: string): string[] {
  const names = [...template.matchAll(/\{\{([^{}]*)\}\}/g)].map((match) => (match[1] ?? "").trim());
  return [...new Set(names.filter((name) => !(PUSH_TEMPLATE_VARIABLES as readonly string[]).includes(name)))];
}

/**
 * A template as saved. An unknown variable is refused rather than kept: a push leaves the app at once and the
 * user's phone would show `{{typo}}` as written, where a campaign's preview lets a typo be seen before sending.
 */
export const zPushTemplateText = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .max(PUSH_TEMPLATE_MAX, V.tooLong)
  .refine((text) => unknownPushTemplateVariables(text).length === 0, V.pushVariable);
export const zPushTemplate = z.object({
  key: zPushTemplateKey,
  text: z.string(),
  /** What "restore default" puts back: the default in the language of the account that owns the app. */
  defaultText: z.string(),
  /** Null while the app uses the default text. */
  updatedAt: z.string().nullable(),
  /** The notification's title, for the templates that have one of their own (`message/mention`, `message/reply`). */
  title: z.string().optional(),
  /** What "restore default" puts back into `title`. */
  defaultTitle: z.string().optional(),
});
export type TPushTemplate = z.infer<typeof zPushTemplate>;
export const zPushTemplateResponse = z.object({ template: zPushTemplate });
export const zPushTemplatesResponse = z.object({ templates: z.array(zPushTemplate) });
/** `title` only for the templates that have one, where it is required (300 without); the others ignore it. */
export const zUpdatePushTemplateRequest = z.object({ text: zPushTemplateText, title: zPushTemplateText.optional() });
export type TUpdatePushTemplateRequest = z.infer<typeof zUpdatePushTemplateRequest>;
export const zUpdateTitledPushTemplateRequest = zUpdatePushTemplateRequest.required({ title: true });

/**
 * FCM credentials: the legacy server key the spec names, or an HTTP v1 service-account JSON (Google's current
 * API). The secret part is never sent back; `hint` identifies the credential on the screen.
 */
export const FCM_CREDENTIAL_KINDS = ["legacy", "serviceAccount"] as const;
export const zFcmKeyRequest = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("legacy"), serverKey: z.string().trim().min(20, V.required).max(1000, V.tooLong) }),
  z.object({
    kind: z.literal("serviceAccount"),
    serviceAccountJson: z.string().trim().min(2, V.required).max(20_000, V.tooLong),
  }),
]);
export type TFcmKeyRequest = z.infer<typeof zFcmKeyRequest>;
export const zFcmKey = z.object({
  kind: z.enum(FCM_CREDENTIAL_KINDS),
  /** The last characters of a legacy key, or the service account's e-mail. */
  hint: z.string(),
  projectId: z.string().nullable(),
  createdAt: z.string(),
});
export type TFcmKey = z.infer<typeof zFcmKey>;
export const zFcmKeyResponse = z.object({ key: zFcmKey.nullable() });
export type TFcmKeyResponse = z.infer<typeof zFcmKeyResponse>;

/** An APNs device token: hex, 32 bytes today; Apple says its length may grow, so up to 200 bytes are taken. */
export const APNS_DEVICE_TOKEN_PATTERN = /^[0-9a-fA-F]{16,400}$/;

/**
 * Apple's two gateways: development builds get sandbox device tokens, App Store and TestFlight builds production
 * ones, and a token works only with its own.
 */
export const APNS_ENVIRONMENTS = ["sandbox", "production"] as const;
export const zApnsEnvironment = z.enum(APNS_ENVIRONMENTS);
export type TApnsEnvironment = z.infer<typeof zApnsEnvironment>;
/** The largest .p8 file accepted; Apple's are about 250 bytes. */
export const APNS_KEY_MAX = 10_000;

/** A key ID or team ID: ten letters and digits, as Apple's developer site shows them. */
const zAppleId = z
  .string({ error: V.required })
  .trim()
  .min(1, V.required)
  .toUpperCase()
  .regex(/^[A-Z0-9]{10}$/, V.appleId);

/**
 * An APNs authentication key (token-based, `.p8`): one key signs for every app of the team. The private key is
 * never sent back; `fingerprint` and `keyId` identify it on the screen.
 */
export const zApnsKeyRequest = z.object({
  /** The `.p8` file's contents: an EC P-256 private key in PKCS#8 PEM. */
  privateKey: z.string({ error: V.required }).trim().min(1, V.required).max(APNS_KEY_MAX, V.tooLong),
  keyId: zAppleId,
  teamId: zAppleId,
  /** The app's bundle ID, sent as `apns-topic`. */
  bundleId: z
    .string({ error: V.required })
    .trim()
    .min(1, V.required)
    .max(255, V.tooLong)
    .regex(/^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/, V.bundleId),
  environment: zApnsEnvironment,
});
export type TApnsKeyRequest = z.infer<typeof zApnsKeyRequest>;
export const zApnsKey = z.object({
  keyId: z.string(),
  teamId: z.string(),
  bundleId: z.string(),
  environment: zApnsEnvironment,
  /** `SHA256:` and the base64 SHA-256 of the public key (SPKI DER), as `ssh-keygen -l` prints key fingerprints. */
  fingerprint: z.string(),
  createdAt: z.string(),
});
export type TApnsKey = z.infer<typeof zApnsKey>;
export const zApnsKeyResponse = z.object({ key: zApnsKey.nullable() });
export type TApnsKeyResponse = z.infer<typeof zApnsKeyResponse>;

/** A test notification through the saved APNs key to one device token, which need not be registered. */
export const zApnsTestRequest = z.object({
  token: z.string({ error: V.required }).trim().min(1, V.required).regex(APNS_DEVICE_TOKEN_PATTERN, V.apnsDeviceToken),
});
export type TApnsTestRequest = z.infer<typeof zApnsTestRequest>;
/**
 * APNs' answer to the test. `invalid_token`: Apple does not know the token for this bundle ID and environment
 * (410 `Unregistered`, 400 `BadDeviceToken`, 400 `DeviceTokenNotForTopic`). `httpStatus` is null when APNs was not
 * reached, and `reason` then says why.
 */
export const zApnsTestResponse = z.object({
  status: z.enum(["sent", "failed", "invalid_token"]),
  httpStatus: z.number().int().nullable(),
  /** Apple's `reason` (`BadDeviceToken`, `ExpiredProviderToken`…), or why APNs was not reached; null when sent. */
  reason: z.string().nullable(),
  /** The `apns-id` Apple answered with. */
  apnsId: z.string().nullable(),
});
export type TApnsTestResponse = z.infer<typeof zApnsTestResponse>;

export const zPushEnabled = z.object({ enabled: z.boolean() });
export type TPushEnabled = z.infer<typeof zPushEnabled>;

/** What every notification carries besides its text. */
export const zPushNotificationSettings = z.object({
  /** A sound name the app bundles, or "default"; empty for silent. */
  sound: z.string().trim().max(100, V.tooLong),
  /** Android's small-icon resource name; empty for the app's default. */
  icon: z.string().trim().max(200, V.tooLong),
  /** Whether the recipient's unread message count is sent as the badge. */
  badge: z.boolean(),
});
export type TPushNotificationSettings = z.infer<typeof zPushNotificationSettings>;
export const DEFAULT_PUSH_NOTIFICATION_SETTINGS: TPushNotificationSettings = {
  sound: "default",
  icon: "",
  badge: true,
};
export const zPushNotificationSettingsResponse = z.object({ settings: zPushNotificationSettings });

export const zSuperChannelPushSettings = z.object({
  /** Whether super-group channels push at all. */
  enabled: z.boolean(),
  /** At most one pushed event per channel in this many minutes; never less than the platform's 5. */
  intervalMinutes: z.coerce
    .number()
    .int()
    .min(SUPER_CHANNEL_PUSH_MIN_INTERVAL_MINUTES, V.pushInterval)
    .max(1440, V.pushInterval),
});
export type TSuperChannelPushSettings = z.infer<typeof zSuperChannelPushSettings>;
export const DEFAULT_SUPER_CHANNEL_PUSH_SETTINGS: TSuperChannelPushSettings = {
  enabled: true,
  intervalMinutes: SUPER_CHANNEL_PUSH_MIN_INTERVAL_MINUTES,
};
export const zSuperChannelPushSettingsResponse = z.object({ settings: zSuperChannelPushSettings });

export const PUSH_PLATFORMS = ["android", "ios", "web"] as const;
export const zPushPlatform = z.enum(PUSH_PLATFORMS);
export type TPushPlatform = z.infer<typeof zPushPlatform>;

/**
 * Who carries a device's notifications: Firebase Cloud Messaging (its registration token), or Apple Push
 * Notification service directly (the device token iOS hands the app). Each device is pushed through its own.
 */
export const PUSH_PROVIDERS = ["fcm", "apns"] as const;
export const zPushProvider = z.enum(PUSH_PROVIDERS);
export type TPushProvider = z.infer<typeof zPushProvider>;

/**
 * One delivery attempt to one device, as the push log shows it. `sending`: the provider has not answered yet, or
 * the server stopped before it did (such an attempt is not repeated, so a device is never notified twice).
 * `retrying`: APNs answered 429 or 5xx, or could not be reached, and the same attempt is sent again after a wait;
 * it ends `sent`, `failed` or `invalid_token`.
 */
export const PUSH_ATTEMPT_STATUSES = ["sending", "retrying", "sent", "failed", "invalid_token"] as const;
export const zPushAttempt = z.object({
  id: z.string(),
  createdAt: z.string(),
  userId: z.string(),
  platform: zPushPlatform,
  provider: zPushProvider,
  /** The device token's last characters: enough to tell devices apart, never the token. */
  deviceHint: z.string(),
  /** The template that was rendered, or "test" for a test push from the dashboard. */
  trigger: z.union([zPushTemplateKey, z.literal("test")]),
  status: z.enum(PUSH_ATTEMPT_STATUSES),
  httpStatus: z.number().int().nullable(),
  /** The provider's answer, shortened: FCM's message name or error, APNs' `apns-id` or reason. */
  response: z.string(),
  title: z.string(),
  body: z.string(),
});
export type TPushAttempt = z.infer<typeof zPushAttempt>;
export const zPushAttemptsQuery = zPageQuery.pick({ cursor: true, limit: true }).extend({
  userId: z.string().trim().max(100).optional(),
});
export const zPushAttemptsPage = z.object({ attempts: z.array(zPushAttempt), nextCursor: z.string().nullable() });
export type TPushAttemptsPage = z.infer<typeof zPushAttemptsPage>;
export const zTestPushRequest = z.object({ userId: z.string({ error: V.required }).trim().min(1, V.required) });
export type TTestPushRequest = z.infer<typeof zTestPushRequest>;
export const zTestPushResponse = z.object({ attempts: z.array(zPushAttempt) });
export type TTestPushResponse = z.infer<typeof zTestPushResponse>;

/**
 * Chat API: an end user's device registers its push token; registering the same token again is harmless.
 * `provider` says whose token it is: `fcm` (the default, an FCM registration token) or `apns` (the hex device token
 * iOS gives `didRegisterForRemoteNotificationsWithDeviceToken`, for push straight through Apple).
 */
export const zRegisterPushTokenRequest = z
  .object({
    token: z.string().trim().min(1).max(PUSH_TOKEN_MAX),
    platform: zPushPlatform,
    provider: zPushProvider.default("fcm"),
  })
  .superRefine((value, ctx) => {
    if (value.provider === "apns" && !APNS_DEVICE_TOKEN_PATTERN.test(value.token)) {
      ctx.addIssue({ code: "custom", path: ["token"], message: V.apnsDeviceToken });
    }
  });
export type TRegisterPushTokenRequest = z.infer<typeof zRegisterPushTokenRequest>;
export const zPushDevice = z.object({
  id: z.string(),
  platform: zPushPlatform,
  provider: zPushProvider,
  createdAt: z.string(),
});
export type TPushDevice = z.infer<typeof zPushDevice>;
export const zPushDeviceResponse = z.object({ device: zPushDevice });
export const zPushDevicesResponse = z.object({ devices: z.array(zPushDevice) });
export const zPushDeviceParams = z.object({ deviceId: z.string().uuid() });
