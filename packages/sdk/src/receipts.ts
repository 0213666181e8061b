import { chatApi, type TChannel, type TMember, type TMessage } from "@parley/contract/client";
import type { Emitter } from "./emitter";
import { isParleyError, ParleyConnectionError } from "./errors";
import type { Http } from "./http";

/** How often the client tells one channel what reached it at most; the highest seq by then goes in one call. */
export const DELIVERED_THROTTLE_MS = 1000;

/**
 * How long the first arrival waits for others before its mark goes: a burst (the catch-up after a reconnect, a
 * write window's worth of messages) then costs one frame per channel, with its highest seq.
 */
export const DELIVERED_GATHER_MS = 50;

/** Tells the mark on the open real-time link; null when there is none. */
export type DeliveredOverSocket = (channelId: string, seq: number) => Promise<number> | null;

/**
 * Where one of the user's own messages stands with the channel's other members: `sent` until every one of them has
 * it, `delivered` once all have received it, `read` once all have read it. `deliveredTo` and `readBy` count those
 * who have, of `members`, so a group can show "delivered to 3 of 5".
 */
export interface MessageReceipt {
  state: "sent" | "delivered" | "read";
  deliveredTo: number;
  readBy: number;
  /** The other members the counts are out of. */
  members: number;
}

interface Marks {
  delivered: number;
  read: number;
}

/**
 * Delivery and read receipts. The client tells the server which messages reached it on its own: each message of
 * someone else that arrives moves the channel's delivered mark, sent at most once per {@link DELIVERED_THROTTLE_MS}
 * per channel with the highest seq, as a `delivered` frame while the real-time link is open and by HTTP otherwise. `load(channelId)` reads every member's marks, which `channel.delivered` and
 * `channel.read` then keep current; `of(message)` says where one of the user's own messages stands. Open channels
 * keep no receipts: the client sends none for a channel it has seen is open, or that answered 3240.
 */
export class ReceiptsApi {
  readonly #marks = new Map<string, Map<string, Marks>>();
  readonly #pending = new Map<string, { seq: number; timer: ReturnType<typeof setTimeout> | null; sentAt: number }>();
  readonly #open = new Set<string>();
  readonly #listeners = new Set<(channelId: string) => void>();

  constructor(
    emitter: Emitter,
    private readonly http: Http,
    private readonly me: () => string | null,
    private readonly overSocket: DeliveredOverSocket = () => null,
  ) {
    emitter.on("message.created", (event) => {
      const message = event.message;
      if (!message || message.sender?.userId === this.me()) return;
      this.#schedule(event.channelId, message.seq);
    });
    emitter.on("channel.delivered", (event) => {
      if (event.userId && typeof event.seq === "number") this.#move(event.channelId, event.userId, event.seq, 0);
    });
    emitter.on("channel.read", (event) => {
      if (event.userId && typeof event.seq === "number")
        this.#move(event.channelId, event.userId, event.seq, event.seq);
    });
  }

  /** Channels as the client saw them: an open one gets no receipts. */
  seen(channels: TChannel[]): void {
    for (const channel of channels) if (channel.type === "open") this.#open.add(channel.id);
  }

  /**
   * Tells the server now that the messages of a channel up to `seq` reached this client; its mark after the call. On
   * the open link when there is one; by HTTP otherwise, and when the link drops before its ack (the mark only moves
   * forward, so telling it twice is harmless).
   */
  async markDelivered(channelId: string, seq: number): Promise<number> {
    const onLink = this.overSocket(channelId, seq);
    if (onLink) {
      try {
        return await onLink;
      } catch (err) {
        if (!(err instanceof ParleyConnectionError)) throw err;
      }
    }
    const { lastDeliveredSeq } = await this.http.request<{ lastDeliveredSeq: number }>("POST", chatApi.delivered, {
      params: { channelId },
      body: { seq },
    });
    return lastDeliveredSeq;
  }

  /** Reads every member's delivered and read marks in a channel (the members list, page by page). */
  async load(channelId: string): Promise<void> {
    const marks = new Map<string, Marks>();
    let cursor: string | null = null;
    do {
      const page: { members: TMember[]; nextCursor: string | null } = await this.http.request("GET", chatApi.members, {
        params: { channelId },
        query: { limit: 100, ...(cursor ? { cursor } : {}) },
      });
      for (const member of page.members) {
        const read = member.lastReadSeq ?? 0;
        marks.set(member.userId, { delivered: Math.max(member.lastDeliveredSeq ?? 0, read), read });
      }
      cursor = page.nextCursor;
    } while (cursor);
    this.#marks.set(channelId, marks);
    this.#changed(channelId);
  }

  /** Where one of the user's own messages stands, once `load` has read its channel; undefined otherwise. */
  of(message: Pick<TMessage, "channelId" | "seq">): MessageReceipt | undefined {
    const marks = this.#marks.get(message.channelId);
    if (!marks) return undefined;
    const others = [...marks].filter(([userId]) => userId !== this.me()).map(([, m]) => m);
    const deliveredTo = others.filter((m) => m.delivered >= message.seq).length;
    const readBy = others.filter((m) => m.read >= message.seq).length;
    const all = others.length;
    const state = all > 0 && readBy === all ? "read" : all > 0 && deliveredTo === all ? "delivered" : "sent";
    return { state, deliveredTo, readBy, members: all };
  }

  /** Hears each change of a loaded channel's marks; returns the unsubscribe. */
  onChange(listener: (channelId: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #move(channelId: string, userId: string, delivered: number, read: number): void {
    const marks = this.#marks.get(channelId);
    if (!marks) return;
    const current = marks.get(userId) ?? { delivered: 0, read: 0 };
    const next = {
      delivered: Math.max(current.delivered, delivered, read),
      read: Math.max(current.read, read),
    };
    if (next.delivered === current.delivered && next.read === current.read) return;
    marks.set(userId, next);
    this.#changed(channelId);
  }

  #changed(channelId: string): void {
    for (const listener of [...this.#listeners]) listener(channelId);
  }

  #schedule(channelId: string, seq: number): void {
    if (this.#open.has(channelId)) return;
    const pending = this.#pending.get(channelId);
    if (pending) {
      pending.seq = Math.max(pending.seq, seq);
      if (pending.timer) return;
      const wait = Math.max(0, DELIVERED_THROTTLE_MS - (Date.now() - pending.sentAt));
      pending.timer = setTimeout(() => this.#flush(channelId), wait);
      return;
    }
    this.#pending.set(channelId, {
      seq,
      timer: setTimeout(() => this.#flush(channelId), DELIVERED_GATHER_MS),
      sentAt: 0,
    });
  }

  #flush(channelId: string): void {
    const pending = this.#pending.get(channelId);
    if (!pending) return;
    pending.timer = null;
    pending.sentAt = Date.now();
    const { seq } = pending;
    this.markDelivered(channelId, seq).catch((error: unknown) => {
      // An open channel keeps no receipts; anything else is tried again with the next message.
      if (isParleyError(error) && error.code === "3240") this.#open.add(channelId);
    });
    // Forgotten once the interval passes with nothing more, so the next message goes at once.
    setTimeout(() => {
      const now = this.#pending.get(channelId);
      if (now === pending && !now.timer) this.#pending.delete(channelId);
    }, DELIVERED_THROTTLE_MS);
  }
}
