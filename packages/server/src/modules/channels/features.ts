import {
  Errors,
  PINNED_MESSAGES_MAX,
  READ_RECEIPT_INTERVAL_MS,
  type TChannel,
  type TUnreadResponse,
} from "@parley/contract";
import { and, eq, lt } from "drizzle-orm";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { findChatUsersByIds } from "../chat-users";
import type { Actor, ChannelCore } from "./core";
import { readsMessageOf, unreadTotals } from "./queries";
import { unreadableOfMember } from "./readers";
import { type ChannelRow, channelMembers, channels } from "./schema";

/** The channel types a distinct channel may have: a super group or broadcast channel is for many, not a set. */
const DISTINCT_TYPES: readonly string[] = ["public", "private", "private_invite"];

/**
 * A distinct channel's key: its members' ids, sorted, so the same set gives the same key whoever creates it and
 * in whatever order it names them. Unique per app (a partial unique index), which is what makes two creates at once
 * give one channel: the second insert fails and reads the first's channel.
 */
export function distinctKeyOf(type: string, chatUserIds: string[]): string {
  if (!DISTINCT_TYPES.includes(type)) throw new AppError(Errors.DISTINCT_NOT_ALLOWED);
  return [...new Set(chatUserIds)].sort().join(",");
}

/** Pinned messages, read receipts, broadcast audiences and unread totals. */
export function createFeatureService(ctx: Context, core: ChannelCore) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const { lockChannel, requirePermission, mutate, toChannel, requireChannel } = core;

  /**
   * Receipts each member and channel sent last, by `type channelId userId` key: when the last left (in this
   * process's monotonic time), and the newest mark waiting for the interval to end, if any.
   */
  const receipts = new Map<string, { sentAt: number; waiting: number | null; timer: NodeJS.Timeout | null }>();
  type ReceiptType = "channel.read" | "channel.delivered";

  async function emitReceipt(type: ReceiptType, channel: ChannelRow, chatUserId: string, seq: number): Promise<void> {
    const [user] = await findChatUsersByIds(db, [chatUserId]);
    if (!user) return;
    await mutate((tx, batch) =>
      batch.record(tx, channel.appId, channel.id, type, { userId: user.userId, seq }, clock.now()),
    );
  }

  function sendReceipt(type: ReceiptType, channel: ChannelRow, chatUserId: string, seq: number, key: string): void {
    const state = { sentAt: performance.now(), waiting: null, timer: null };
    receipts.set(key, state);
    void emitReceipt(type, channel, chatUserId, seq).catch((err: unknown) =>
      ctx.log.error({ err, channelId: channel.id, type }, "could not record a receipt"),
    );
    // Forgotten once the interval passes with nothing waiting, so the map holds only recent senders.
    setTimeout(() => {
      if (receipts.get(key) === state) receipts.delete(key);
    }, READ_RECEIPT_INTERVAL_MS).unref();
  }

  /**
   * Tells a channel that a member's mark moved to `seq`: at once when the member's last receipt of that type there is
   * older than {@link READ_RECEIPT_INTERVAL_MS}, otherwise when that interval ends, with the newest mark by then, so
   * a member scrolling through a busy channel costs one event per interval and the last mark always arrives.
   */
  function throttledReceipt(type: ReceiptType, channel: ChannelRow, chatUserId: string, seq: number): void {
    const key = `${type} ${channel.id} ${chatUserId}`;
    const state = receipts.get(key);
    if (!state) {
      sendReceipt(type, channel, chatUserId, seq, key);
      return;
    }
    state.waiting = Math.max(seq, state.waiting ?? 0);
    if (state.timer) return;
    const wait = Math.max(0, READ_RECEIPT_INTERVAL_MS - (performance.now() - state.sentAt));
    state.timer = setTimeout(() => sendReceipt(type, channel, chatUserId, state.waiting ?? seq, key), wait);
    state.timer.unref();
  }

  async function pinned(actor: Actor, channelId: string, messageId: string, pin: boolean): Promise<TChannel> {
    const now = clock.now();
    const row = await mutate(async (tx, batch) => {
      const channel = await lockChannel(tx, actor.app, channelId);
      await requirePermission(actor, channel, "pin", tx);
      const ids = channel.pinnedMessageIds;
      let next: string[];
      if (pin) {
        if (!(await core.messages.findLive(tx, channel.id, messageId))) throw new AppError(Errors.MESSAGE_NOT_FOUND);
        // A user pins only what their history shows: another's shadowed message is, to them, none.
        if (actor.kind === "user" && !(await readsMessageOf(tx, channel.id, actor.user.id, messageId)))
          throw new AppError(Errors.MESSAGE_NOT_FOUND);
        if (ids.includes(messageId)) return channel;
        if (ids.length >= PINNED_MESSAGES_MAX) throw new AppError(Errors.PIN_LIMIT_REACHED);
        next = [...ids, messageId];
      } else {
        if (!ids.includes(messageId)) throw new AppError(Errors.MESSAGE_NOT_PINNED);
        next = ids.filter((id) => id !== messageId);
      }
      await tx.update(channels).set({ pinnedMessageIds: next, updatedAt: now }).where(eq(channels.id, channel.id));
      const updated = { ...channel, pinnedMessageIds: next };
      await batch.record(
        tx,
        channel.appId,
        channel.id,
        pin ? "message.pinned" : "message.unpinned",
        { messageId, channel: await toChannel(updated, tx) },
        now,
      );
      return updated;
    });
    return toChannel(row);
  }

  return {
    /** The owner or the app pins a live message of the channel; pinning one already pinned changes nothing. */
    pinMessage: (actor: Actor, channelId: string, messageId: string) => pinned(actor, channelId, messageId, true),
    unpinMessage: (actor: Actor, channelId: string, messageId: string) => pinned(actor, channelId, messageId, false),

    /** Tells a channel that a member read up to `seq` (see {@link throttledReceipt}). */
    readReceipt(channel: ChannelRow, chatUserId: string, seq: number): void {
      throttledReceipt("channel.read", channel, chatUserId, seq);
    },

    /**
     * A member's client has received the channel's messages up to `seq` (at most the channel's last). The mark only
     * moves forward, and not to where the read mark already is, since a read message was delivered; a move is told
     * to the channel as `channel.delivered`, throttled like read receipts. Answers the mark as members see it.
     * 3240 in an open channel, which keeps no receipts.
     */
    async markDelivered(actor: Actor & { kind: "user" }, channelId: string, seq: number): Promise<number> {
      const channel = await requireChannel(actor.app, channelId);
      if (channel.type === "open") throw new AppError(Errors.RECEIPTS_NOT_IN_OPEN_CHANNEL);
      const target = Math.min(seq, channel.lastSeq);
      // One conditional update: two calls at once cannot move the mark backwards or announce the same move twice.
      const [moved] = await db
        .update(channelMembers)
        .set({ lastDeliveredSeq: target })
        .where(
          and(
            eq(channelMembers.channelId, channel.id),
            eq(channelMembers.chatUserId, actor.user.id),
            lt(channelMembers.lastDeliveredSeq, target),
            lt(channelMembers.lastReadSeq, target),
          ),
        )
        .returning({ seq: channelMembers.lastDeliveredSeq });
      if (moved) {
        throttledReceipt("channel.delivered", channel, actor.user.id, moved.seq);
        return moved.seq;
      }
      const member = await core.membership(db, channel.id, actor.user.id);
      if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
      return Math.max(member.lastDeliveredSeq, member.lastReadSeq);
    },

    /**
     * Who a message reaches when a member of a broadcast channel sends it: the sender and the owner. Null for
     * the owner's messages and any channel of another type: they reach every member.
     */
    async broadcastAudience(channel: ChannelRow, actor: Actor): Promise<string[] | null> {
      if (channel.type !== "broadcast" || actor.kind !== "user" || channel.ownerId === actor.user.id) return null;
      const [owner] = channel.ownerId ? await findChatUsersByIds(db, [channel.ownerId]) : [];
      return owner ? [actor.user.userId, owner.userId] : [actor.user.userId];
    },

    async unread(actor: Actor & { kind: "user" }): Promise<TUnreadResponse> {
      // The channels the user may not read count nothing, as their channel records say (decision 0299).
      const unreadable = await unreadableOfMember(core.permissions, db, actor.app.id, actor.user);
      return unreadTotals(db, actor.user.id, [...unreadable]);
    },

    /** The app's distinct channel with `key`, as `actor` sees it; undefined when there is none. */
    async findDistinct(actor: Actor, key: string): Promise<TChannel | undefined> {
      const [row] = await db
        .select()
        .from(channels)
        .where(and(eq(channels.appId, actor.app.id), eq(channels.distinctKey, key)))
        .limit(1);
      return row ? toChannel(row, db, actor.kind === "user" ? actor.user.id : undefined) : undefined;
    },
  };
}

/** A channel whose members changed is no longer the channel of its original set: a new create makes another. */
export async function forgetDistinct(tx: Db, channel: ChannelRow): Promise<void> {
  if (channel.distinctKey === null) return;
  await tx.update(channels).set({ distinctKey: null }).where(eq(channels.id, channel.id));
  channel.distinctKey = null;
}
