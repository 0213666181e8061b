import { z } from "zod";
import { V } from "./validation";
import { type TAnyWebhookPayload, type TWebhookEvent, WEBHOOK_EVENTS, zWebhookEvent } from "./webhooks";

/**
 * Webhook listening: an app's server (`parley listen`) holds `GET /v1/webhooks/listen` open with an API key and hears,
 * as server-sent events, every webhook event of the app with the body its webhook URL would get, whether or not a URL
 * is set. Deliveries to the URL go on as before. Nothing is stored for a listener: it hears what happens while the
 * stream is open, and what `POST /v1/events/{eventId}/resend` sends again.
 */

const WEBHOOK_EVENT_SET: ReadonlySet<string> = new Set(WEBHOOK_EVENTS);
function isWebhookEvent(value: string): value is TWebhookEvent {
  return WEBHOOK_EVENT_SET.has(value);
}

/**
 * Streams one API key may hold open on one server process, webhook listeners and live tails together (3191 beyond):
 * enough for a developer's few terminals, and a leaked key cannot tie up a process's memory with streams.
 */
export const API_KEY_STREAMS_PER_KEY = 5;

/** `events`: a comma-separated list of webhook event types to hear; every type when absent. */
export const zWebhookListenQuery = z.object({
  events: z
    .string()
    .max(2000, V.tooLong)
    .refine((value) => value.split(",").every((type) => isWebhookEvent(type.trim())), V.invalidValue)
    .optional(),
});
export type TWebhookListenQuery = z.infer<typeof zWebhookListenQuery>;

/** The types an `events` filter names, trimmed and without repeats. */
export function parseWebhookEvents(value: string): TWebhookEvent[] {
  return [...new Set(value.split(",").map((type) => type.trim()))].filter(isWebhookEvent);
}

/** One webhook event as a listener hears it. */
export interface TWebhookListenEvent {
  /**
   * What `POST /v1/events/{eventId}/resend` takes: the chat event's id (as `GET /v1/events` numbers them) for a chat
   * event; for a report, its delivery's id (`msg_…`) when the app's webhook takes reports, otherwise the report's id;
   * for a call's event, the call's id and the event (`…:call.ended`). Only chat events and deliveries are resent.
   */
  id: string;
  type: TWebhookEvent;
  /** Exactly the body a delivery of this event to the app's webhook URL carries. */
  payload: TAnyWebhookPayload;
  /** Sent again on request rather than as it happened. */
  resent: boolean;
}

/**
 * The frames of the stream, each one server-sent event whose `event:` field is the frame's `kind` and whose `data:`
 * is the frame as JSON, as on the dashboard's live tail: `ready` once the server hears the app's events for this
 * listener, `dropped` after a second in which events beyond the bound (`LIVE_MAX_EVENTS_PER_SECOND`) were left out.
 */
export type TWebhookListenFrame =
  | { kind: "ready"; maxPerSecond: number; heartbeatSeconds: number }
  | { kind: "event"; event: TWebhookListenEvent }
  | { kind: "dropped"; count: number; at: string };

/** A chat event's id, or a webhook delivery's (`msg_` and a ULID). */
export const EVENT_ID_PATTERN = /^(?:[1-9][0-9]{0,18}|msg_[0-9A-Z]{26})$/;
export const zEventResendParams = z.object({
  eventId: z.string().max(40, V.tooLong).regex(EVENT_ID_PATTERN, V.invalidValue),
});
export type TEventResendParams = z.infer<typeof zEventResendParams>;

/** What was sent again to the app's listeners. */
export const zEventResendResponse = z.object({ event: z.object({ id: z.string(), type: zWebhookEvent }) });
export type TEventResendResponse = z.infer<typeof zEventResendResponse>;
