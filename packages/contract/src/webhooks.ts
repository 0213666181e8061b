import { z } from "zod";
import { zCall } from "./calls";
import { CHAT_EVENT_TYPES, type TChatEvent, zChatEvent, zPageQuery } from "./chat";
import { type TReportWebhookPayload, zReportWebhookPayload } from "./report-queue";
import { zHttpUrl } from "./validation";

/**
 * A call's webhook events: `call.started` when it starts ringing, `call.ended` when it reaches any final state but
 * missed (its `endReason` says which, `durationSeconds` how long it was accepted), `call.missed` when nobody answered.
 */
export const CALL_WEBHOOK_EVENTS = ["call.started", "call.ended", "call.missed"] as const;
export type TCallWebhookEvent = (typeof CALL_WEBHOOK_EVENTS)[number];

/** `report.created` when an end user reports a message or a user (once per reporter and target). */
export const REPORT_WEBHOOK_EVENTS = ["report.created"] as const;
export type TReportWebhookEvent = (typeof REPORT_WEBHOOK_EVENTS)[number];

/** The events a webhook can subscribe to: every real-time chat event, the calls' events and new reports. */
export const WEBHOOK_EVENTS = [...CHAT_EVENT_TYPES, ...CALL_WEBHOOK_EVENTS, ...REPORT_WEBHOOK_EVENTS] as const;
export const zWebhookEvent = z.enum(WEBHOOK_EVENTS);
export type TWebhookEvent = z.infer<typeof zWebhookEvent>;

/** A delivery waits this long for the receiver's answer. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/**
 * Seconds to wait before each retry after a failed attempt: about three days in all, growing so a receiver that
 * is down for a while is not hammered and one that is down for a day still gets everything.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 64_800, 79_200] as const;
/** After a secret is rotated, deliveries are also signed with the old one for this long. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_EXCERPT_MAX = 1000;

export const zWebhookEnabled = z.object({ enabled: z.boolean() });
export type TWebhookEnabled = z.infer<typeof zWebhookEnabled>;

export const zWebhookSettingsRequest = z.object({
  url: zHttpUrl,
  events: z.array(zWebhookEvent).max(WEBHOOK_EVENTS.length),
});
export type TWebhookSettingsRequest = z.infer<typeof zWebhookSettingsRequest>;
export const zWebhookSettings = z.object({
  /** Empty until the owner sets one. */
  url: z.string(),
  events: z.array(zWebhookEvent),
  /** The signing secret, `whsec_` and base64. */
  secret: z.string(),
  /** While set, deliveries also carry a signature made with the secret before the last rotation. */
  previousSecretExpiresAt: z.string().nullable(),
});
export type TWebhookSettings = z.infer<typeof zWebhookSettings>;
export const zWebhookSettingsResponse = z.object({ settings: zWebhookSettings });
export type TWebhookSettingsResponse = z.infer<typeof zWebhookSettingsResponse>;

/**
 * The webhook settings as the app's server reads them with an API key (`/v1/webhooks/settings`): the address, the
 * events and the switch. The signing secret stays on the dashboard, so a leaked API key cannot also sign deliveries.
 */
export const zChatWebhookSettings = z.object({
  /** Empty until one is set. */
  url: z.string(),
  events: z.array(zWebhookEvent),
  enabled: z.boolean(),
});
export type TChatWebhookSettings = z.infer<typeof zChatWebhookSettings>;
export const zChatWebhookSettingsResponse = z.object({ settings: zChatWebhookSettings });
export type TChatWebhookSettingsResponse = z.infer<typeof zChatWebhookSettingsResponse>;
/**
 * What changes: a field left out keeps its value. The address is checked as the dashboard checks it (3043, 3047);
 * turning webhooks on needs an address, given here or saved before (3045).
 */
export const zUpdateChatWebhookSettingsRequest = z.object({
  url: zHttpUrl.optional(),
  events: z.array(zWebhookEvent).max(WEBHOOK_EVENTS.length).optional(),
  enabled: z.boolean().optional(),
});
export type TUpdateChatWebhookSettingsRequest = z.infer<typeof zUpdateChatWebhookSettingsRequest>;
export type TUpdateChatWebhookSettingsRequestInput = z.input<typeof zUpdateChatWebhookSettingsRequest>;

/**
 * The body of every chat event's delivery (Standard Webhooks envelope): the event's type, when it happened, and the
 * app and chat event it is about. `data.event` has the same shape as the WebSocket's and `GET /v1/events`'.
 */
export const zWebhookPayload = z.object({
  type: zWebhookEvent,
  timestamp: z.string(),
  data: z.object({ appId: z.string(), event: zChatEvent }),
});
export type TWebhookPayload = z.infer<typeof zWebhookPayload> & { data: { event: TChatEvent } };
/** The body of a call's delivery: the same envelope around the call as `GET /v1/calls/{callId}` answers it. */
export const zCallWebhookPayload = z.object({
  type: z.enum(CALL_WEBHOOK_EVENTS),
  timestamp: z.string(),
  data: z.object({ appId: z.string(), call: zCall }),
});
export type TCallWebhookPayload = z.infer<typeof zCallWebhookPayload>;
/** Any delivery's body: a chat event's, a call's or a report's. */
export const zAnyWebhookPayload = z.union([zCallWebhookPayload, zReportWebhookPayload, zWebhookPayload]);
export type TAnyWebhookPayload = TWebhookPayload | TCallWebhookPayload | TReportWebhookPayload;

export const zWebhookSampleQuery = z.object({ event: zWebhookEvent });
export const zWebhookSampleResponse = z.object({ event: zWebhookEvent, payload: zAnyWebhookPayload });
export type TWebhookSampleResponse = z.infer<typeof zWebhookSampleResponse>;
export const zWebhookTestRequest = z.object({ event: zWebhookEvent });
export type TWebhookTestRequest = z.infer<typeof zWebhookTestRequest>;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export const zWebhookAttempt = z.object({
  attemptedAt: z.string(),
  /** Null when no answer came: time-out, refused connection, refused address. */
  httpStatus: z.number().int().nullable(),
  durationMs: z.number().int(),
  responseExcerpt: z.string(),
  error: z.string().nullable(),
});
export type TWebhookAttempt = z.infer<typeof zWebhookAttempt>;
export const zWebhookDelivery = z.object({
  /** The `webhook-id` header: the same on every attempt and redelivery, so receivers can drop repeats. */
  id: z.string(),
  eventType: zWebhookEvent,
  /** The chat event's id, or null for a test send. */
  eventId: z.string().nullable(),
  /** `pending` while attempts remain, `failed` once they are used up. */
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attemptCount: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  lastAttempt: zWebhookAttempt.nullable(),
});
export type TWebhookDelivery = z.infer<typeof zWebhookDelivery>;
export const zWebhookTestResponse = z.object({ delivery: zWebhookDelivery });
/** The delivery as it stands once a redelivery is queued (`pending`, due now). */
export const zWebhookRedeliverResponse = z.object({ delivery: zWebhookDelivery });
export const zWebhookDeliveriesQuery = zPageQuery.pick({ cursor: true, limit: true }).extend({
  status: z.enum(["all", "failed"]).default("all"),
});
export const zWebhookDeliveriesPage = z.object({
  deliveries: z.array(zWebhookDelivery),
  nextCursor: z.string().nullable(),
});
export type TWebhookDeliveriesPage = z.infer<typeof zWebhookDeliveriesPage>;
export const zWebhookDeliveryParams = z.object({ id: z.string().uuid(), deliveryId: z.string().min(1).max(100) });
export const zWebhookDeliveryResponse = z.object({
  delivery: zWebhookDelivery,
  attempts: z.array(zWebhookAttempt),
  payload: zAnyWebhookPayload,
});
export type TWebhookDeliveryResponse = z.infer<typeof zWebhookDeliveryResponse>;
