import type { TChannel, TChatEvent, TUnreadResponse } from "@parley/contract/client";
import type { UnreadTracker } from "./apis";
import type { Emitter } from "./emitter";
import type { UnreadCounts } from "./types";

/** Whether a message counts as unread for a member who did not send it (hidden ones and thread-only replies do not). */
function counts(message: NonNullable<TChatEvent["message"]>): boolean {
  const { type, parentMessageId, showInChannel } = message as typeof message & {
    parentMessageId?: string | null;
    showInChannel?: boolean;
  };
  return type !== "hidden" && !(parentMessageId && !showInChannel);
}

/**
 * Unread counts kept current from events, so an app shows badges without asking again: each channel's counts as
 * the server gave them with the channel (`channels.list`, `channels.get`), plus every message since that counts for
 * this user (not their own, not hidden, not a reply kept in its thread), until they read the channel (here or on
 * another device: `channel.read` for themselves). `totals` starts from `refresh()` and moves the same way. Each
 * change emits `unread.changed`. An open channel counts nothing, as on the server: its messages move no count once
 * the SDK has seen it is open.
 */
export class UnreadApi implements UnreadTracker {
  #channels = new Map<string, UnreadCounts>();
  /**
   * The messages counted from events since the server last gave a channel's counts, by seq: a read mark up to a
   * seq leaves those after it counted (a message heard while the mark was on its way, say).
   */
  #heard = new Map<string, Array<{ seq: number; mentioned: boolean }>>();
  #uncounted = new Set<string>();
  #totals: UnreadCounts | null = null;

  constructor(
    private readonly emitter: Emitter,
    private readonly me: () => string | null,
    private readonly fetchTotals: () => Promise<TUnreadResponse>,
  ) {
    emitter.on("message.created", (event) => {
      const message = event.message;
      if (!message || message.sender?.userId === this.me() || !counts(message)) return;
      if (this.#uncounted.has(event.channelId)) return;
      const mentioned = message.mentionedUserIds?.includes(this.me() ?? "") === true;
      if (typeof message.seq === "number") {
        const heard = this.#heard.get(event.channelId) ?? [];
        heard.push({ seq: message.seq, mentioned });
        this.#heard.set(event.channelId, heard);
      }
      this.#add(event.channelId, 1, mentioned ? 1 : 0);
    });
    emitter.on("channel.read", (event) => {
      if (event.userId === this.me()) this.read(event.channelId, event.seq);
    });
    emitter.on("channel.deleted", (event) => this.read(event.channelId));
  }

  /** A channel's counts as last known, or undefined for a channel the SDK has not seen. */
  of(channelId: string): UnreadCounts | undefined {
    return this.#channels.get(channelId);
  }

  /** The totals over all the user's channels, once `refresh()` has loaded them. */
  get totals(): UnreadCounts | null {
    return this.#totals;
  }

  /** Loads the totals from the server (`GET /v1/me/unread`). */
  async refresh(): Promise<UnreadCounts> {
    const { unreadCount, unreadMentionCount } = await this.fetchTotals();
    this.#totals = { unreadCount, unreadMentionCount };
    return this.#totals;
  }

  seen(channels: TChannel[]): void {
    for (const channel of channels) {
      if (channel.type === "open") this.#uncounted.add(channel.id);
      else this.#uncounted.delete(channel.id);
      if (channel.unreadCount === undefined) continue;
      this.#heard.delete(channel.id);
      this.#channels.set(channel.id, {
        unreadCount: channel.unreadCount,
        unreadMentionCount: channel.unreadMentionCount ?? 0,
      });
    }
  }

  /**
   * The user read the channel up to `seq`, or to its newest message when it is left out: what was counted up to it
   * clears, and the messages heard after it stay counted.
   */
  read(channelId: string, seq?: number): void {
    const current = this.#channels.get(channelId);
    if (!current) return;
    const after = seq === undefined ? [] : (this.#heard.get(channelId) ?? []).filter((heard) => heard.seq > seq);
    if (after.length > 0) this.#heard.set(channelId, after);
    else this.#heard.delete(channelId);
    const mentions = after.filter((heard) => heard.mentioned).length;
    this.#add(channelId, after.length - current.unreadCount, mentions - current.unreadMentionCount);
  }

  #add(channelId: string, unread: number, mentions: number): void {
    const current = this.#channels.get(channelId) ?? { unreadCount: 0, unreadMentionCount: 0 };
    const next = {
      unreadCount: Math.max(0, current.unreadCount + unread),
      unreadMentionCount: Math.max(0, current.unreadMentionCount + mentions),
    };
    this.#channels.set(channelId, next);
    if (this.#totals) {
      this.#totals = {
        unreadCount: Math.max(0, this.#totals.unreadCount + unread),
        unreadMentionCount: Math.max(0, this.#totals.unreadMentionCount + mentions),
      };
    }
    this.emitter.emit("unread.changed", { channelId, ...next, totals: this.#totals });
  }
}
