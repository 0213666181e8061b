import type { TChatEvent, TChatEventType } from "@parley/contract";
import type { Db } from "../db/client";
import type { Bus, ChatEventMessage } from "./bus";
import type { Outbox } from "./outbox";
import { chatEvents } from "./schema";

type EventBody = Omit<TChatEvent, "id" | "type" | "channelId" | "createdAt">;

/**
 * The members (user ids) of a channel whose history does not show a message: who must not hear of it. The channels
 * module decides; the batch only asks, for every event about a message that was already there.
 */
export type Concealer = (tx: Db, channelId: string, messageId: string) => Promise<string[]>;

/** The message an event is about, when it is about one already sent (a new message reaches whom it was sent to). */
function earlierMessageOf(type: TChatEventType, body: EventBody): string | undefined {
  if (type === "message.created") return undefined;
  return body.message?.id ?? body.messageId;
}

/**
 * Events are written in the same transaction as the change they describe, and published only after it commits,
 * so a client never hears of a change that was rolled back, and a reconnecting client finds every event stored.
 */
export class EventBatch {
  readonly #events: ChatEventMessage[] = [];
  readonly #outbox: Outbox | undefined;
  readonly #conceal: Concealer | undefined;
  /** Whether some event went to the outbox, so the dispatcher should run after the commit. */
  outboxed = false;

  constructor(outbox?: Outbox, conceal?: Concealer) {
    this.#outbox = outbox;
    this.#conceal = conceal;
  }

  /**
   * Stores an event with `body`; `appSide`, when given, is what the app's side hears instead (the bus and the
   * outbox, so webhooks and the dashboard's observers), for a mark no member's catch-up may carry: a shadowed
   * message's.
   */
  async record(
    tx: Db,
    appId: string,
    channelId: string,
    type: TChatEventType,
    body: EventBody,
    at: Date,
    appSide?: EventBody,
  ): Promise<TChatEvent> {
    const [row] = await tx
      .insert(chatEvents)
      .values({ appId, channelId, type, payload: body as Record<string, unknown>, createdAt: at })
      .returning({ id: chatEvents.id });
    const event = await this.stored(tx, appId, {
      id: String(row?.id),
      type,
      channelId,
      createdAt: at.toISOString(),
      ...(appSide ?? body),
    });
    const messageId = earlierMessageOf(type, body);
    if (messageId && this.#conceal) this.hideFrom(event, await this.#conceal(tx, channelId, messageId));
    return event;
  }

  /** Takes on an event that the caller's own statement inserted into `chat_events`. */
  async stored(tx: Db, appId: string, event: TChatEvent): Promise<TChatEvent> {
    this.#events.push({ appId, event });
    if (this.#outbox && (await this.#outbox.wants(appId, tx))) {
      await this.#outbox.record(tx, appId, event);
      this.outboxed = true;
    }
    return event;
  }

  /**
   * Whether an event of the app must also be stored for the integrations. Asked before storing, by a writer
   * whose one statement stores the event and, when this says so, its outbox row (see `storedWithOutbox`).
   */
  async wantsOutbox(appId: string, q: Db): Promise<boolean> {
    return this.#outbox ? this.#outbox.wants(appId, q) : false;
  }

  /**
   * Takes on an event whose statement also stored its outbox row when `outboxed`; `hiddenFrom` names the members
   * not to hear it (those who block the message's sender).
   */
  storedWithOutbox(appId: string, event: TChatEvent, outboxed: boolean, hiddenFrom?: string[] | null): void {
    this.#events.push({ appId, event, ...(hiddenFrom?.length ? { hiddenFrom } : {}) });
    if (outboxed) this.outboxed = true;
  }

  /**
   * Keeps an event taken on already from more members (user ids): those who block its message's sender, those whose
   * history does not show its message. Added to whom it is kept from already.
   */
  hideFrom(event: TChatEvent, userIds: string[]): void {
    const entry = this.#events.find((each) => each.event === event);
    if (!entry || userIds.length === 0) return;
    entry.hiddenFrom = entry.hiddenFrom ? [...new Set([...entry.hiddenFrom, ...userIds])] : userIds;
  }

  async publish(bus: Bus): Promise<void> {
    for (const message of this.#events) await bus.publish(message);
    if (this.outboxed) void this.#outbox?.dispatch();
  }
}

export function toEvent(row: typeof chatEvents.$inferSelect): TChatEvent {
  return {
    id: String(row.id),
    type: row.type as TChatEventType,
    channelId: row.channelId,
    createdAt: row.createdAt.toISOString(),
    ...(row.payload as Partial<TChatEvent>),
  };
}
