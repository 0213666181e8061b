import { z } from "zod";
import { CHAT_EVENT_TYPES, zUserId } from "./chat";
import { CALL_EVENT_TYPES } from "./chat-constants";
import { V } from "./validation";

/**
 * The live event tail: a dashboard viewer's stream of what happens in one app right now, as server-sent events
 * (`text/event-stream`) on `GET /api/apps/{id}/events/live`. Nothing of it is stored: a viewer hears what happens
 * while the stream is open.
 */

/** The dashboard API's live tail route, under `/api`. */
export const liveApi = {
  events: "/apps/:id/events/live",
} as const;

/**
 * Every event the tail shows: the chat events (`GET /v1/events`), the calls' moves, and three that exist only here:
 * `webhook.delivery` (one attempt to deliver a webhook, with its outcome), `push.delivery` (one notification sent to
 * one device, with FCM's answer) and `user.login` / `user.logout` (a chat user's session began or ended).
 */
export const LIVE_EVENT_TYPES = [
  ...CHAT_EVENT_TYPES,
  ...CALL_EVENT_TYPES,
  "webhook.delivery",
  "push.delivery",
  "user.login",
  "user.logout",
] as const;
export const zLiveEventType = z.enum(LIVE_EVENT_TYPES);
export type TLiveEventType = z.infer<typeof zLiveEventType>;

const LIVE_TYPE_SET: ReadonlySet<string> = new Set(LIVE_EVENT_TYPES);
export function isLiveEventType(value: string): value is TLiveEventType {
  return LIVE_TYPE_SET.has(value);
}

/** The groups the dashboard filters by; every type is in exactly one. */
export const LIVE_EVENT_GROUPS = {
  messages: [
    "message.created",
    "message.updated",
    "message.deleted",
    "message.pinned",
    "message.unpinned",
    "reaction.added",
    "reaction.removed",
    "thread.updated",
    "channel.read",
    "channel.delivered",
    "poll.updated",
  ],
  members: ["member.joined", "member.left"],
  moderation: [
    "member.muted",
    "member.unmuted",
    "member.banned",
    "member.unbanned",
    "channel.frozen",
    "channel.unfrozen",
  ],
  channels: ["channel.created", "channel.changed", "channel.deleted", "subchannels.changed"],
  calls: CALL_EVENT_TYPES,
  webhooks: ["webhook.delivery"],
  push: ["push.delivery"],
  logins: ["user.login", "user.logout"],
} as const satisfies Record<string, readonly TLiveEventType[]>;
export type TLiveEventGroup = keyof typeof LIVE_EVENT_GROUPS;
export const LIVE_EVENT_GROUP_NAMES = Object.keys(LIVE_EVENT_GROUPS) as TLiveEventGroup[];

/**
 * At most this many events a second reach one viewer; beyond it the rest of that second is left out and counted,
 * and a `dropped` frame says how many. Fifty rows a second is already more than anyone reads; the bound keeps a
 * busy app from flooding a browser tab (and the server's buffers for a slow one).
 */
export const LIVE_MAX_EVENTS_PER_SECOND = 50;
/** A comment line goes out this often on a quiet stream, so proxies and load balancers keep it open. */
export const LIVE_HEARTBEAT_SECONDS = 15;
/** Live tails one dashboard session may hold open on one server process at once (3120 beyond). */
export const LIVE_STREAMS_PER_SESSION = 5;

/**
 * Filters applied by the server, so what the viewer does not want never crosses the network. `types`: a
 * comma-separated list of event types; `channelId`: the channel's id; `userId`: the user who acted or is concerned
 * (a message's sender, a member, a call's caller or callee, a push's recipient, who logged in).
 */
export const zLiveTailQuery = z.object({
  types: z
    .string()
    .max(2000, V.tooLong)
    .refine((value) => value.split(",").every((type) => isLiveEventType(type.trim())), V.invalidValue)
    .optional(),
  channelId: z.string().uuid().optional(),
  userId: zUserId.optional(),
});
export type TLiveTailQuery = z.infer<typeof zLiveTailQuery>;

/** The types a `types` filter names, trimmed and without repeats. */
export function parseLiveTypes(value: string): TLiveEventType[] {
  return [...new Set(value.split(",").map((type) => type.trim()))].filter(isLiveEventType);
}

/** One row of the tail. */
export const zLiveEvent = z.object({
  /** Unique within the stream: the chat event's id where there is one. */
  id: z.string(),
  type: zLiveEventType,
  /** When it happened (ISO). */
  at: z.string(),
  /** The channel it happened in; null for what belongs to no channel (a call, a login). */
  channelId: z.string().nullable(),
  /** The user who acted, or who it concerns; null for what no user did (the app's server, a channel change). */
  userId: z.string().nullable(),
  /**
   * The whole payload: the chat event as `GET /v1/events` returns it, the call event as the WebSocket carries it,
   * or the delivery's or session's facts.
   */
  data: z.record(z.string(), z.unknown()),
});
export type TLiveEvent = z.infer<typeof zLiveEvent>;

/** What `data` holds for a `webhook.delivery`. */
export interface TLiveWebhookDelivery {
  deliveryId: string;
  /** The webhook event delivered (`message.send`, ...). */
  event: string;
  /** `succeeded`; `retrying` when another attempt is scheduled; `failed` when it gave up. */
  status: "succeeded" | "retrying" | "failed";
  attempt: number;
  httpStatus: number | null;
  durationMs: number;
  error: string | null;
}

/** What `data` holds for a `push.delivery`. */
export interface TLivePushDelivery {
  attemptId: string;
  status: "sent" | "retrying" | "failed" | "invalid_token";
  httpStatus: number | null;
  platform: string;
  provider: string;
  deviceHint: string;
  trigger: string;
  title: string;
}

/**
 * The frames of the stream. Each goes as one server-sent event whose `event:` field is the frame's `kind` and whose
 * `data:` is the frame as JSON. `ready` comes first, once the server hears the app's events for this viewer;
 * `dropped` follows a second in which events were left out (`count` of them) beyond the bound.
 */
export const zLiveFrame = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("ready"),
    maxPerSecond: z.number().int(),
    heartbeatSeconds: z.number().int(),
  }),
  z.object({ kind: z.literal("event"), event: zLiveEvent }),
  z.object({ kind: z.literal("dropped"), count: z.number().int().min(1), at: z.string() }),
]);
export type TLiveFrame = z.infer<typeof zLiveFrame>;
