import { Errors, type TShadowBanState } from "@parley/contract";
import { and, eq } from "drizzle-orm";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import type { ChannelCore } from "./core";
import { channelMembers } from "./schema";

/**
 * A member's shadow ban in one channel (docs/decisions/0279-shadow-bans.md), kept on their membership row: the send
 * reads that row anyway (the full path with the channel, the fast path in the statement that stores, whose guard
 * fails for a shadow-banned member and hands the send to the full path). No event tells anyone.
 */
export function createMemberShadowBans(ctx: Context, core: Pick<ChannelCore, "requireChannel" | "usersByIds">) {
  const { db } = ctx.database;

  /** The member's row and user: 3020 when the user is not one of the app's users or not a member. */
  async function requireMember(app: AppRow, channelId: string, userId: string) {
    const channel = await core.requireChannel(app, channelId);
    const [user] = await core.usersByIds(app, [userId]);
    if (!user) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
    const where = and(eq(channelMembers.channelId, channel.id), eq(channelMembers.chatUserId, user.id));
    const [member] = await db.select({ shadowBanned: channelMembers.shadowBanned }).from(channelMembers).where(where);
    if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
    return { member, where };
  }

  return {
    async memberShadowBan(app: AppRow, channelId: string, userId: string): Promise<TShadowBanState> {
      const { member } = await requireMember(app, channelId, userId);
      return { userId, shadowBanned: member.shadowBanned };
    },

    /** Sets or lifts the ban; it lasts as long as the membership, and messages sent before keep what they were. */
    async setMemberShadowBan(
      app: AppRow,
      channelId: string,
      userId: string,
      shadowBanned: boolean,
    ): Promise<TShadowBanState> {
      const { member, where } = await requireMember(app, channelId, userId);
      if (member.shadowBanned !== shadowBanned) await db.update(channelMembers).set({ shadowBanned }).where(where);
      return { userId, shadowBanned };
    },
  };
}
