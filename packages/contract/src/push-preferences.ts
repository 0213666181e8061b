import { z } from "zod";

/**
 * A user's push preferences and a member's per channel. They decide which of the app's pushes reach the user, FCM
 * and APNs alike; a ringing call is not a chat push and ignores them.
 */

/** `all`: every push; `mentions`: only messages that mention the user; `none`: no push at all. */
export const PUSH_LEVELS = ["all", "mentions", "none"] as const;
export const zPushLevel = z.enum(PUSH_LEVELS);
export type TPushLevel = z.infer<typeof zPushLevel>;

/** `default`: as the user's own level; `mentions`: only the channel's messages that mention them; `mute`: none. */
export const CHANNEL_PUSH_MODES = ["default", "mentions", "mute"] as const;
export const zChannelPushMode = z.enum(CHANNEL_PUSH_MODES);
export type TChannelPushMode = z.infer<typeof zChannelPushMode>;

/** A time of day, `HH:MM` on a 24-hour clock. */
export const TIME_OF_DAY_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const zTimeOfDay = z.string().regex(TIME_OF_DAY_PATTERN, "a time of day as HH:MM");

const doNotDisturbFields = {
  start: zTimeOfDay,
  end: zTimeOfDay,
  /** An IANA time zone name such as `Asia/Seoul`; 3241 for one the server does not know. */
  timeZone: z.string().min(1).max(64),
};

/**
 * Quiet hours, every day, in the user's IANA time zone: from `start` up to (not including) `end`. An `end` before
 * `start` runs past midnight (22:00–07:00).
 */
export const zDoNotDisturb = z.object(doNotDisturbFields);
/** Quiet hours as a request sets them: `start` and `end` equal is not a range. */
export const zDoNotDisturbRequest = z
  .object(doNotDisturbFields)
  .refine((value) => value.start !== value.end, { message: "start and end must differ", path: ["end"] });
export type TDoNotDisturb = z.infer<typeof zDoNotDisturb>;

export const zPushPreferences = z.object({
  level: zPushLevel,
  /** Quiet hours, or null for none. */
  doNotDisturb: zDoNotDisturb.nullable(),
  /** No push reaches the user before this time; null when not snoozed (a past time reads as null). */
  snoozeUntil: z.string().nullable(),
});
export type TPushPreferences = z.infer<typeof zPushPreferences>;
export const zPushPreferencesResponse = z.object({ preferences: zPushPreferences });
export type TPushPreferencesResponse = z.infer<typeof zPushPreferencesResponse>;

/** What changes of a user's push preferences; a field left out keeps its value, null clears it. */
export const zUpdatePushPreferencesRequest = z.object({
  level: zPushLevel.optional(),
  doNotDisturb: zDoNotDisturbRequest.nullable().optional(),
  snoozeUntil: z.string().datetime({ offset: true }).nullable().optional(),
});
export type TUpdatePushPreferencesRequest = z.infer<typeof zUpdatePushPreferencesRequest>;

export const zChannelPushPreference = z.object({ mode: zChannelPushMode });
export const zSetChannelPushPreferenceRequest = z.object({ mode: zChannelPushMode });
export type TChannelPushPreference = z.infer<typeof zChannelPushPreference>;
export const zChannelPushPreferenceResponse = z.object({ preference: zChannelPushPreference });
export type TChannelPushPreferenceResponse = z.infer<typeof zChannelPushPreferenceResponse>;
