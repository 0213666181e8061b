import type { TChannel, TMember, TMembersPage, TPageQuery } from "@parley/contract";
import { and, asc, count, eq, gt, ilike, isNotNull, or, type SQL } from "drizzle-orm";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import type { ChatUserService } from "../chat-users";
import { chatUserProfilesOfApp } from "../chat-users";
import type { Actor, ChannelCore } from "./core";
import { type ChannelRow, channelBans, channelMembers } from "./schema";

/** Who belongs to a channel: joining, leaving, adding and removing members, and reading them. */
export function createMemberService(ctx: Context, core: ChannelCore, deps: { chatUsers: ChatUserService }) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const { requireChannel, lockChannel, membership, isBanned, requireModerator, addMemberRows, removeMemberRow } = core;
  const { usersByIds, mutate, toChannel } = core;

  async function pageOfMembers(channel: ChannelRow, query: TPageQuery, filter: "all" | "muted"): Promise<TMembersPage> {
    const after = decodeCursor(query.cursor);
    const now = clock.now();
    const u = chatUserProfilesOfApp(db, channel.appId);
    const conditions: (SQL | undefined)[] = [eq(channelMembers.channelId, channel.id)];
    if (filter === "muted")
      conditions.push(and(isNotNull(channelMembers.mutedUntil), gt(channelMembers.mutedUntil, now)));
    if (query.search) {
      const p = likePattern(query.search);
      conditions.push(or(ilike(u.userId, p), ilike(u.nickname, p)));
    }
    conditions.push(pastCursor(after, channelMembers.joinedAt, channelMembers.chatUserId, "asc"));
    const rows = await db
      .select({
        m: channelMembers,
        u: {
          id: u.id,
          userId: u.userId,
          nickname: u.nickname,
          profileImageUrl: u.profileImageUrl,
          isActive: u.isActive,
        },
      })
      .from(channelMembers)
      .innerJoin(u, eq(u.id, channelMembers.chatUserId))
      .where(and(...conditions))
      .orderBy(asc(channelMembers.joinedAt), asc(channelMembers.chatUserId))
      .limit(query.limit + 1);
    const page = pageOf(rows, query.limit, ({ m }) => ({ at: m.joinedAt, id: m.chatUserId }));
    return {
      members: page.items.map(({ m, u }) => ({
        userId: u.userId,
        nickname: u.nickname,
        profileImageUrl: u.profileImageUrl,
        isActive: u.isActive,
        role: channel.ownerId === u.id ? "owner" : "member",
        joinedAt: m.joinedAt.toISOString(),
        mutedUntil: m.mutedUntil && m.mutedUntil > now ? m.mutedUntil.toISOString() : null,
      })),
      nextCursor: page.nextCursor,
    };
  }

  return {
    async join(actor: Actor & { kind: "user" }, channelId: string, inviteCode: string | undefined): Promise<TChannel> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        if (await membership(tx, channel.id, actor.user.id)) return channel;
        if (await isBanned(tx, channel.id, actor.user.id)) throw new AppError("3023");
        if (channel.type === "private_invite") throw new AppError("3031");
        if (channel.type === "private") {
          if (!inviteCode) throw new AppError("3008");
          if (inviteCode !== channel.inviteCode) throw new AppError("3032");
        }
        await addMemberRows(tx, channel, [actor.user], batch, now);
        return channel;
      });
      return toChannel(row);
    },

    async leave(actor: Actor & { kind: "user" }, channelId: string): Promise<void> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        if (!(await removeMemberRow(tx, channel, actor.user))) throw new AppError("3020");
        await batch.record(tx, actor.app.id, channel.id, "member.left", { userId: actor.user.userId }, now);
      });
    },

    async addMembers(actor: Actor, channelId: string, userIds: string[]): Promise<TChannel> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        requireModerator(actor, channel);
        await addMemberRows(tx, channel, await usersByIds(actor.app, userIds, tx), batch, now);
        return channel;
      });
      return toChannel(row);
    },

    async removeMember(actor: Actor, channelId: string, userId: string): Promise<void> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        requireModerator(actor, channel);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user || !(await removeMemberRow(tx, channel, user))) throw new AppError("3020");
        await batch.record(tx, actor.app.id, channel.id, "member.left", { userId }, now);
      });
    },

    async listMembers(actor: Actor, channelId: string, query: TPageQuery, filter: "all" | "muted" = "all") {
      const channel = await requireChannel(actor.app, channelId);
      if (actor.kind === "user" && !(await membership(db, channel.id, actor.user.id))) throw new AppError("3020");
      return pageOfMembers(channel, query, filter);
    },

    /** One count per call: the dashboard asks for each separately, so none is computed for nothing. */
    async count(actor: Actor, channelId: string, what: "members" | "muted" | "banned"): Promise<number> {
      const channel = await requireChannel(actor.app, channelId);
      if (what === "members") return channel.memberCount;
      const [row] =
        what === "muted"
          ? await db
              .select({ n: count() })
              .from(channelMembers)
              .where(and(eq(channelMembers.channelId, channel.id), gt(channelMembers.mutedUntil, clock.now())))
          : await db.select({ n: count() }).from(channelBans).where(eq(channelBans.channelId, channel.id));
      return Number(row?.n ?? 0);
    },

    async memberInfo(actor: Actor, channelId: string, userId: string): Promise<TMember> {
      const channel = await requireChannel(actor.app, channelId);
      const user = await deps.chatUsers.requireUser(actor.app.id, userId);
      const member = await membership(db, channel.id, user.id);
      if (!member) throw new AppError("3020");
      const now = clock.now();
      return {
        userId: user.userId,
        nickname: user.nickname,
        profileImageUrl: user.profileImageUrl,
        isActive: user.isActive,
        role: channel.ownerId === user.id ? "owner" : "member",
        joinedAt: member.joinedAt.toISOString(),
        mutedUntil: member.mutedUntil && member.mutedUntil > now ? member.mutedUntil.toISOString() : null,
      };
    },

    /** Ids of the channels a user belongs to: what the real-time gateway subscribes a connection to. */
    async channelIdsOf(chatUserId: string): Promise<string[]> {
      const rows = await db
        .select({ id: channelMembers.channelId })
        .from(channelMembers)
        .where(eq(channelMembers.chatUserId, chatUserId));
      return rows.map((r) => r.id);
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
