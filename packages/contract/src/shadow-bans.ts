/**
 * Shadow bans: a user shadow-banned in an app, or a member in one channel, goes on sending and gets no sign of it, but
 * every new message of theirs is seen by them only. Set and read only by the app's server (API key) and the
 * dashboard: a user never hears of their own or another's.
 */
import { z } from "zod";
import { zUserId } from "./chat-common";

/** Whether a user is shadow-banned in the app, or a member in a channel. */
export const zShadowBanState = z.object({
  userId: z.string(),
  /** Every new message of theirs (in the app, or in the channel) is seen by them only. */
  shadowBanned: z.boolean(),
});
export type TShadowBanState = z.infer<typeof zShadowBanState>;

/** `POST /v1/channels/{channelId}/shadow-bans`: the member to shadow-ban in the channel. */
export const zChannelShadowBanRequest = z.object({ userId: zUserId });
export type TChannelShadowBanRequest = z.infer<typeof zChannelShadowBanRequest>;

/** The dashboard sets or lifts a shadow ban with one call. */
export const zShadowBanBody = z.object({ shadowBanned: z.boolean() });
export type TShadowBanBody = z.infer<typeof zShadowBanBody>;

/** The dashboard's shadow-ban paths, beside the `dashboardChat` ones they follow. */
export const dashboardShadowBans = {
  /** A user's shadow ban in the app: read (GET) and set or lift (PUT). */
  user: "/apps/:id/users/:userId/shadow-ban",
  /** A member's shadow ban in a channel: read (GET) and set or lift (PUT). */
  member: "/apps/:id/channels/:channelId/members/:userId/shadow-ban",
} as const;
