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

/** How many messages heard from events a channel keeps by seq; older ones fold into its baseline. */
const HEARD_KEPT = 500;

/**
 * A channel's unread messages as the server last counted them (`seq` is the channel's newest message then), or as
 * folded into it since: how many of them are left after a read mark at a seq below `seq` is bounded, not known.
 */
interface Baseline {
  seq: number;
  unreadCount: number;
  unreadMentionCount: number;
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
  #baselines = new Map<string, Baseline>();
  /**
   * The messages counted from events after the channel's baseline, by seq: a read mark up to a seq leaves those
   * after it counted (a message heard while the mark was on its way, say).
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
      if (typeof message.seq === "number") this.#hear(event.channelId, message.seq, mentioned);
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
      const counted = { unreadCount: channel.unreadCount, unreadMentionCount: channel.unreadMentionCount ?? 0 };
      this.#heard.delete(channel.id);
      this.#baselines.set(channel.id, { seq: channel.lastMessage?.seq ?? 0, ...counted });
      this.#channels.set(channel.id, counted);
    }
  }

  /**
   * The user read the channel up to `seq`, or to its newest message when it is left out: what was counted up to it
   * clears, and the messages heard after it stay counted. Of the server's count, a mark below the newest message it
   * had keeps at most as many as there are seqs after the mark.
   */
  read(channelId: string, seq?: number): void {
    const current = this.#channels.get(channelId);
    if (!current) return;
    const baseline = this.#baselines.get(channelId);
    let left = { unreadCount: 0, unreadMentionCount: 0 };
    if (seq !== undefined && baseline && seq < baseline.seq) {
      const unreadCount = Math.min(baseline.unreadCount, baseline.seq - seq);
      left = { unreadCount, unreadMentionCount: Math.min(baseline.unreadMentionCount, unreadCount) };
      this.#baselines.set(channelId, { seq: baseline.seq, ...left });
    } else if (baseline) {
      this.#baselines.set(channelId, { seq: Math.max(baseline.seq, seq ?? 0), ...left });
    }
    const after = seq === undefined ? [] : (this.#heard.get(channelId) ?? []).filter((heard) => heard.seq > seq);
    if (after.length > 0) this.#heard.set(channelId, after);
    else this.#heard.delete(channelId);
    const unread = left.unreadCount + after.length;
    const mentions = left.unreadMentionCount + after.filter((heard) => heard.mentioned).length;
    this.#add(channelId, unread - current.unreadCount, mentions - current.unreadMentionCount);
  }

  #hear(channelId: string, seq: number, mentioned: boolean): void {
    const heard = this.#heard.get(channelId) ?? [];
    heard.push({ seq, mentioned });
    this.#heard.set(channelId, heard);
    if (heard.length <= HEARD_KEPT) return;
    // A channel heard from at length and never read keeps a bounded list: its oldest message joins the baseline.
    const oldest = heard.shift() as { seq: number; mentioned: boolean };
    const baseline = this.#baselines.get(channelId) ?? { seq: 0, unreadCount: 0, unreadMentionCount: 0 };
    this.#baselines.set(channelId, {
      seq: Math.max(baseline.seq, oldest.seq),
      unreadCount: baseline.unreadCount + 1,
      unreadMentionCount: baseline.unreadMentionCount + (oldest.mentioned ? 1 : 0),
    });
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
