import { Errors } from "@parley/contract";
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { Actor } from "./core";
import { type ChannelRow, channelMembers } from "./schema";

/**
 * Slow mode (docs/decisions/0280-slow-mode.md): in a channel with `slow_mode_seconds` above 0, a
 * member's message claims its place by moving the member's `last_sent_at`, in one conditional update that succeeds
 * only when the last claim is at least the cooldown old. Two sends at once both try it; the database lets one win,
 * so no two messages of a member fall within the cooldown, whichever process or road (HTTP, WebSocket, a file, a
 * reply) they came by. The claim is its own statement, apart from the store's, so a channel without slow mode pays
 * nothing for it.
 */
export function createSlowMode(ctx: Context) {
  const { db } = ctx.database;

  /**
   * Who keeps order is not held to the pace: the app's server and dashboard, the owner, the channel's moderators and
   * the app's admins and moderators (decision 0281). By role, not by the matrix: exemption is no permission to take.
   */
  function isExempt(actor: Actor, channel: ChannelRow, member?: { role: string } | null): boolean {
    if (actor.kind !== "user" || channel.ownerId === actor.user.id) return true;
    return actor.user.role === "admin" || actor.user.role === "moderator" || member?.role === "moderator";
  }

  return {
    isExempt,

    /**
     * Claims `actor`'s next message in `channel` at `now`, or refuses it with 3206 and the whole seconds left. Null
     * when the send is not held to slow mode (off, or an exempt sender); otherwise the claim, for `release`.
     */
    async claim(
      actor: Actor,
      channel: ChannelRow,
      now: Date,
      membership?: { role: string } | null,
    ): Promise<{ chatUserId: string; at: Date } | null> {
      if (channel.slowModeSeconds <= 0 || actor.kind !== "user" || isExempt(actor, channel, membership)) return null;
      const cooldownMs = channel.slowModeSeconds * 1000;
      const member = and(eq(channelMembers.channelId, channel.id), eq(channelMembers.chatUserId, actor.user.id));
      const claimed = await db
        .update(channelMembers)
        .set({ lastSentAt: now })
        .where(
          and(
            member,
            or(isNull(channelMembers.lastSentAt), lte(channelMembers.lastSentAt, new Date(now.getTime() - cooldownMs))),
          ),
        )
        .returning({ chatUserId: channelMembers.chatUserId });
      if (claimed.length > 0) return { chatUserId: actor.user.id, at: now };
      const [row] = await db.select({ lastSentAt: channelMembers.lastSentAt }).from(channelMembers).where(member);
      // No row: the sender left since the channel's rules admitted them; the store refuses that as it always does.
      if (!row?.lastSentAt) return null;
      const leftMs = row.lastSentAt.getTime() + cooldownMs - now.getTime();
      throw new AppError(Errors.SLOW_MODE_ACTIVE, { retryAfterSeconds: Math.max(1, Math.ceil(leftMs / 1000)) });
    },

    /**
     * Gives a claim back when its message was not stored after all, so the failure does not cost the member their
     * turn. Only the claim itself is undone: a later one that replaced it stays.
     */
    async release(channel: ChannelRow, claim: { chatUserId: string; at: Date }): Promise<void> {
      await db
        .update(channelMembers)
        .set({ lastSentAt: null })
        .where(
          and(
            eq(channelMembers.channelId, channel.id),
            eq(channelMembers.chatUserId, claim.chatUserId),
            eq(channelMembers.lastSentAt, claim.at),
          ),
        );
    },
  };
}

export type SlowMode = ReturnType<typeof createSlowMode>;
