import { Errors, type TChannel, type TMember, type TPageQuery } from "@parley/contract";
import { and, asc, eq, ilike, or, type SQL } from "drizzle-orm";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import { chatUserProfilesOfApp } from "../chat-users";
import type { Actor, ChannelCore } from "./core";
import { channelBans, channelMembers, channels } from "./schema";

/** What a channel's moderators do: freeze, mute, ban, hand the channel on, and see who is banned. */
export function createModerationService(
  ctx: Context,
  core: ChannelCore,
  deps: { memberInfo(actor: Actor, channelId: string, userId: string): Promise<TMember> },
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const { requireChannel, lockChannel, membership, requirePermission, requireOwner, removeMemberRow, usersByIds } =
    core;
  const { channelChanged, mutate, toChannel } = core;

  return {
    async setFrozen(actor: Actor, channelId: string, isFrozen: boolean): Promise<TChannel> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        await requirePermission(actor, channel, "freeze", tx);
        if (channel.isFrozen !== isFrozen) {
          await tx.update(channels).set({ isFrozen, updatedAt: now }).where(eq(channels.id, channel.id));
          await batch.record(tx, actor.app.id, channel.id, isFrozen ? "channel.frozen" : "channel.unfrozen", {}, now);
        }
        return { ...channel, isFrozen };
      });
      return toChannel(row);
    },

    async mute(actor: Actor, channelId: string, userId: string, minutes: number | null): Promise<TMember> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        await requirePermission(actor, channel, "mute", tx);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user || !(await membership(tx, channel.id, user.id))) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        const mutedUntil = minutes === null ? null : new Date(now.getTime() + minutes * 60_000);
        await tx
          .update(channelMembers)
          .set({ mutedUntil })
          .where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.chatUserId, user.id)));
        await batch.record(
          tx,
          actor.app.id,
          channel.id,
          mutedUntil ? "member.muted" : "member.unmuted",
          { userId, mutedUntil: mutedUntil?.toISOString() ?? null },
          now,
        );
      });
      return deps.memberInfo(actor, channelId, userId);
    },

    async ban(actor: Actor, channelId: string, userId: string): Promise<void> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        await requirePermission(actor, channel, "ban", tx);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user) throw new AppError(Errors.CHAT_USER_NOT_FOUND);
        if (actor.kind === "user" && user.id === actor.user.id) throw new AppError(Errors.NOT_CHANNEL_OWNER);
        await removeMemberRow(tx, channel, user);
        await tx
          .insert(channelBans)
          .values({ channelId: channel.id, chatUserId: user.id, bannedAt: now })
          .onConflictDoNothing();
        await batch.record(tx, actor.app.id, channel.id, "member.banned", { userId }, now);
      });
    },

    async unban(actor: Actor, channelId: string, userId: string): Promise<void> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        await requirePermission(actor, channel, "ban", tx);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user) throw new AppError(Errors.CHAT_USER_NOT_FOUND);
        const removed = await tx
          .delete(channelBans)
          .where(and(eq(channelBans.channelId, channel.id), eq(channelBans.chatUserId, user.id)))
          .returning({ id: channelBans.chatUserId });
        if (removed.length > 0) await batch.record(tx, actor.app.id, channel.id, "member.unbanned", { userId }, now);
      });
    },

    async changeOwner(actor: Actor, channelId: string, userId: string): Promise<TChannel> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        requireOwner(actor, channel);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user || !(await membership(tx, channel.id, user.id))) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        await tx.update(channels).set({ ownerId: user.id, updatedAt: now }).where(eq(channels.id, channel.id));
        await channelChanged(tx, channel, batch, now);
        return { ...channel, ownerId: user.id };
      });
      return toChannel(row);
    },

    async listBanned(actor: Actor, channelId: string, query: TPageQuery) {
      const channel = await requireChannel(actor.app, channelId);
      await requirePermission(actor, channel, "ban");
      const after = decodeCursor(query.cursor);
      const u = chatUserProfilesOfApp(db, channel.appId);
      const conditions: (SQL | undefined)[] = [eq(channelBans.channelId, channel.id)];
      if (query.search) {
        const p = likePattern(query.search);
        conditions.push(or(ilike(u.userId, p), ilike(u.nickname, p)));
      }
      conditions.push(pastCursor(after, channelBans.bannedAt, channelBans.chatUserId, "asc"));
      const rows = await db
        .select({
          b: channelBans,
          u: {
            id: u.id,
            userId: u.userId,
            nickname: u.nickname,
            profileImageUrl: u.profileImageUrl,
            isActive: u.isActive,
          },
        })
        .from(channelBans)
        .innerJoin(u, eq(u.id, channelBans.chatUserId))
        .where(and(...conditions))
        .orderBy(asc(channelBans.bannedAt), asc(channelBans.chatUserId))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, ({ b }) => ({ at: b.bannedAt, id: b.chatUserId }));
      return {
        users: page.items.map(({ b, u }) => ({
          userId: u.userId,
          nickname: u.nickname,
          profileImageUrl: u.profileImageUrl,
          bannedAt: b.bannedAt.toISOString(),
        })),
        nextCursor: page.nextCursor,
      };
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
