import {
  CALL_EVENT_TYPES,
  CHAT_EVENT_TYPES,
  Errors,
  type TCallEvent,
  type TCallWebhookEvent,
  type TChatEvent,
  type TEventResendResponse,
  type TLiveEvent,
  type TWebhookEvent,
  type TWebhookListenEvent,
} from "@parley/contract";
import { and, eq } from "drizzle-orm";
import { toEvent } from "../../chat/events";
import { chatEvents } from "../../chat/schema";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { LiveFeed, LiveListener } from "../live";
import { callPayloadOf, payloadOf } from "./samples";
import { webhookDeliveries } from "./schema";

const CHAT_TYPES: ReadonlySet<string> = new Set(CHAT_EVENT_TYPES);
const CALL_TYPES: ReadonlySet<string> = new Set(CALL_EVENT_TYPES);

/** The webhook event of a call's move, as the calls module records deliveries: answering one starts nothing new. */
const CALL_WEBHOOK_OF: Partial<Record<TCallEvent["type"], TCallWebhookEvent>> = {
  "call.ringing": "call.started",
  "call.missed": "call.missed",
  "call.declined": "call.ended",
  "call.cancelled": "call.ended",
  "call.ended": "call.ended",
  "call.failed": "call.ended",
};

/**
 * A tail event in its webhook form, built by the same functions that build deliveries (samples.ts), so a listener
 * hears the body the app's URL gets. Reports are not on the bus: the webhook service sends them to listeners itself.
 */
export function listenEventOf(appId: string, event: TLiveEvent): TWebhookListenEvent | null {
  if (CHAT_TYPES.has(event.type)) {
    const chatEvent = event.data as unknown as TChatEvent;
    return { id: chatEvent.id, type: chatEvent.type, payload: payloadOf(appId, chatEvent), resent: false };
  }
  if (CALL_TYPES.has(event.type)) {
    const { type, call, at } = event.data as unknown as TCallEvent;
    const webhookType = CALL_WEBHOOK_OF[type];
    if (!webhookType) return null;
    return {
      id: `${call.id}:${webhookType}`,
      type: webhookType,
      payload: callPayloadOf(appId, webhookType, call, new Date(at)),
      resent: false,
    };
  }
  return null;
}

/**
 * Webhook listening (`parley listen`): listeners are viewers of the live feed that hear its events in their webhook
 * form, whether or not the app has a webhook URL, and deliveries to the URL are not touched. Resending puts one
 * stored event on the bus for the app's listeners on every process.
 */
export function createWebhookListening(ctx: Context, deps: { live: LiveFeed }) {
  const { db } = ctx.database;

  /** The event in the app's chat event log (while the server keeps it), or its delivery in the delivery log. */
  async function findEvent(appId: string, eventId: string): Promise<Omit<TWebhookListenEvent, "resent"> | null> {
    if (/^[0-9]+$/.test(eventId)) {
      const [row] = await db
        .select()
        .from(chatEvents)
        .where(and(eq(chatEvents.appId, appId), eq(chatEvents.id, BigInt(eventId))))
        .limit(1);
      if (!row) return null;
      const event = toEvent(row);
      return { id: event.id, type: event.type, payload: payloadOf(appId, event) };
    }
    const [row] = await db
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.appId, appId), eq(webhookDeliveries.id, eventId)))
      .limit(1);
    if (!row) return null;
    return { id: row.eventId === null ? row.id : String(row.eventId), type: row.eventType, payload: row.payload };
  }

  return {
    /** What a listener of the app that hears `types` (every type when null) is given to translate with. */
    listenerFor(appId: string, types: readonly TWebhookEvent[] | null): LiveListener {
      return { translate: (event) => listenEventOf(appId, event), types: types ? new Set(types) : null };
    },

    /**
     * Sends one event again to the app's listeners, on whatever process holds them: a chat event by its id, or any
     * delivery by its `msg_` id (its stored body, as the URL got it). Unknown to the app, or past the retention of
     * the chat event log with no delivery to fall back on: 3190.
     */
    async resend(appId: string, eventId: string): Promise<TEventResendResponse> {
      const found = await findEvent(appId, eventId);
      if (!found) throw new AppError(Errors.WEBHOOK_EVENT_NOT_FOUND);
      await deps.live.sendToListeners(appId, { ...found, resent: true });
      return { event: { id: found.id, type: found.type } };
    },
  };
}

export type WebhookListening = ReturnType<typeof createWebhookListening>;
