import {
  type ASSIGNABLE_CHANNEL_ROLES,
  Errors,
  type TChannel,
  type TMember,
  type TMemberRoleState,
  type TMembersPage,
  type TPageQuery,
  type TSubchannelsResponse,
} from "@parley/contract";
import { and, asc, count, eq, gt, ilike, inArray, isNotNull, or, type SQL, sql } from "drizzle-orm";
import { createBatchLoader, SIGN_IN_LOAD_SPACING_MS } from "../../batch-loader";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import type { Presence } from "../../chat/presence";
import type { Context } from "../../context";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { ChatUserService, SignInMembership } from "../chat-users";
import { chatUserProfilesOfApp } from "../chat-users";
import type { Actor, ChannelCore } from "./core";
import { forgetDistinct } from "./features";
import { type ChannelMemberRow, type ChannelRow, channelBans, channelMembers, channels } from "./schema";
import {
  channelsToMerge,
  isPartitioned,
  mergeChannel,
  placeMembers,
  subchannelRows,
  toSubchannelInfo,
} from "./subchannels";

/** A channel a user belongs to and their subchannel in it (null where the channel is not split). */
export interface Placement {
  channelId: string;
  subchannel: number | null;
}

/** Who belongs to a channel: joining, leaving, adding and removing members, and reading them. */
/** A member's channel role as the API shows it: the owner by the channel's owner, else what their row says. */
function roleOf(channel: Pick<ChannelRow, "ownerId">, chatUserId: string, stored: string): TMember["role"] {
  if (channel.ownerId === chatUserId) return "owner";
  return stored === "moderator" ? "moderator" : "member";
}

export function createMemberService(
  ctx: Context,
  core: ChannelCore,
  deps: { chatUsers: ChatUserService; presence: Pick<Presence, "online"> },
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const { requireChannel, lockChannel, membership, isBanned, requirePermission, addMemberRows, removeMemberRow } = core;
  const { usersByIds, mutate, toChannel } = core;
  /**
   * Memberships of users by chat user id, those asked for at the same moment read by one query: what a socket's
   * sign-in reads again when a membership change overtook the read it made with its session.
   */
  const membershipsByUser = db
    .select({
      chatUserId: channelMembers.chatUserId,
      channel: {
        id: channels.id,
        appId: channels.appId,
        type: channels.type,
        subchannelEnabled: channels.subchannelEnabled,
      },
      subchannel: channelMembers.subchannel,
    })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(sql`${channelMembers.chatUserId} = any(${sql.placeholder("ids")}::uuid[])`)
    // Prepared once (a query built per batch cost the sign-ins more CPU than the rows it read); the ids are UUIDs,
    // safe in an array literal.
    .prepare("memberships_by_chat_user");
  const membershipsOf = createBatchLoader(
    async (chatUserIds: string[]) => {
      const rows = await membershipsByUser.execute({ ids: `{${chatUserIds.join(",")}}` });
      const byUser = new Map<string, typeof rows>();
      for (const row of rows) {
        const list = byUser.get(row.chatUserId);
        if (list) list.push(row);
        else byUser.set(row.chatUserId, [row]);
      }
      return byUser;
    },
    { spacingMs: SIGN_IN_LOAD_SPACING_MS },
  );

  /** Places one member of a split channel now, under the channel's lock; their subchannel. */
  async function placeOne(channel: Pick<ChannelRow, "id" | "appId">, chatUserId: string): Promise<number | null> {
    return withTransaction(db, async (tx) => {
      const locked = await lockChannel(tx, { id: channel.appId }, channel.id);
      const member = await membership(tx, locked.id, chatUserId);
      if (!member) return null;
      if (member.subchannel !== null || !isPartitioned(locked)) return member.subchannel;
      return (await placeMembers(tx, locked, [chatUserId])).get(chatUserId) ?? null;
    });
  }

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
    const online = await deps.presence.online(
      channel.appId,
      page.items.map(({ u }) => u.id),
    );
    return {
      members: page.items.map(({ m, u }) => ({
        userId: u.userId,
        nickname: u.nickname,
        profileImageUrl: u.profileImageUrl,
        isActive: u.isActive,
        role: roleOf(channel, u.id, m.role),
        isOnline: online.has(u.id),
        joinedAt: m.joinedAt.toISOString(),
        mutedUntil: m.mutedUntil && m.mutedUntil > now ? m.mutedUntil.toISOString() : null,
        ...(isPartitioned(channel) ? { subchannel: m.subchannel } : {}),
        lastReadSeq: m.lastReadSeq,
        ...(channel.type === "open" ? {} : { lastDeliveredSeq: Math.max(m.lastDeliveredSeq, m.lastReadSeq) }),
      })),
      nextCursor: page.nextCursor,
    };
  }

  const members = {
    async join(actor: Actor & { kind: "user" }, channelId: string, inviteCode: string | undefined): Promise<TChannel> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        if (await membership(tx, channel.id, actor.user.id)) return channel;
        if (await isBanned(tx, channel.id, actor.user.id)) throw new AppError(Errors.USER_BANNED);
        if (channel.type === "private_invite") throw new AppError(Errors.CHANNEL_INVITE_ONLY);
        if (channel.type === "private") {
          if (!inviteCode) throw new AppError(Errors.INVITATION_CODE_REQUIRED);
          if (inviteCode !== channel.inviteCode) throw new AppError(Errors.INVITATION_CODE_WRONG);
        }
        await addMemberRows(tx, channel, [actor.user], batch, now);
        await forgetDistinct(tx, channel);
        return channel;
      });
      return toChannel(row);
    },

    async leave(actor: Actor & { kind: "user" }, channelId: string): Promise<void> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        if (!(await removeMemberRow(tx, channel, actor.user))) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        await batch.record(tx, actor.app.id, channel.id, "member.left", { userId: actor.user.userId }, now);
      });
    },

    async addMembers(actor: Actor, channelId: string, userIds: string[]): Promise<TChannel> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        await requirePermission(actor, channel, "invite", tx);
        const before = channel.memberCount;
        await addMemberRows(tx, channel, await usersByIds(actor.app, userIds, tx), batch, now);
        if (channel.memberCount !== before) await forgetDistinct(tx, channel);
        return channel;
      });
      return toChannel(row);
    },

    async removeMember(actor: Actor, channelId: string, userId: string): Promise<void> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        await requirePermission(actor, channel, "remove", tx);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user || !(await removeMemberRow(tx, channel, user))) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        await batch.record(tx, actor.app.id, channel.id, "member.left", { userId }, now);
      });
    },

    async listMembers(actor: Actor, channelId: string, query: TPageQuery, filter: "all" | "muted" = "all") {
      const channel = await requireChannel(actor.app, channelId);
      if (actor.kind === "user" && !(await membership(db, channel.id, actor.user.id)))
        throw new AppError(Errors.NOT_CHANNEL_MEMBER);
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

    /**
     * Makes a member a moderator of the channel or a member again (decision 0281). The app's server and the
     * dashboard only; the owner stays the owner, whatever this sets, until ownership is handed on.
     */
    async setMemberRole(
      actor: Actor,
      channelId: string,
      userId: string,
      role: (typeof ASSIGNABLE_CHANNEL_ROLES)[number],
    ): Promise<TMemberRoleState> {
      // No event: a member's role changes what they may do, which their next action or channel read tells them.
      const channel = await mutate(async (tx) => {
        const locked = await lockChannel(tx, actor.app, channelId);
        const [user] = await usersByIds(actor.app, [userId], tx);
        const member = user ? await membership(tx, locked.id, user.id) : undefined;
        if (!user || !member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        if (member.role !== role) {
          await tx
            .update(channelMembers)
            .set({ role })
            .where(and(eq(channelMembers.channelId, locked.id), eq(channelMembers.chatUserId, user.id)));
        }
        return { ...locked, role: roleOf(locked, user.id, role) };
      });
      return { userId, role: channel.role };
    },

    async memberInfo(actor: Actor, channelId: string, userId: string): Promise<TMember> {
      const channel = await requireChannel(actor.app, channelId);
      const user = await deps.chatUsers.requireUser(actor.app.id, userId);
      const member = await membership(db, channel.id, user.id);
      if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
      const now = clock.now();
      return {
        userId: user.userId,
        nickname: user.nickname,
        profileImageUrl: user.profileImageUrl,
        isActive: user.isActive,
        role: roleOf(channel, user.id, member.role),
        joinedAt: member.joinedAt.toISOString(),
        mutedUntil: member.mutedUntil && member.mutedUntil > now ? member.mutedUntil.toISOString() : null,
        ...(isPartitioned(channel) ? { subchannel: member.subchannel } : {}),
        lastReadSeq: member.lastReadSeq,
        ...(channel.type === "open" ? {} : { lastDeliveredSeq: Math.max(member.lastDeliveredSeq, member.lastReadSeq) }),
      };
    },

    /**
     * The channels a user belongs to, each with the user's subchannel (null where the channel is not split): what
     * the real-time gateway subscribes a connection to. A member of a split channel not placed yet (one added
     * before subchannels existed, or by a path that does not place) is placed now.
     */
    async placementsOf(chatUserId: string): Promise<Placement[]> {
      const rows = (await membershipsOf.load(chatUserId)) ?? [];
      const [first] = rows;
      if (!first) return [];
      return members.placementsFrom(
        first.channel.appId,
        chatUserId,
        rows.map(({ channel, subchannel }) => ({ channelId: channel.id, subchannel, isSplit: isPartitioned(channel) })),
      );
    },

    /** The same from a user's memberships already read: a socket's sign-in reads them with its session. */
    async placementsFrom(
      appId: string,
      chatUserId: string,
      memberships: readonly SignInMembership[],
    ): Promise<Placement[]> {
      const placements: Placement[] = [];
      for (const { channelId, subchannel, isSplit } of memberships) {
        if (!isSplit) placements.push({ channelId, subchannel: null });
        else if (subchannel !== null) placements.push({ channelId, subchannel });
        else placements.push({ channelId, subchannel: await placeOne({ id: channelId, appId }, chatUserId) });
      }
      return placements;
    },

    /** Where the given members of a channel are now, by chat user id; what a gateway re-reads on a re-placement. */
    async placementsIn(channelId: string, chatUserIds: string[]): Promise<Map<string, number | null>> {
      if (chatUserIds.length === 0) return new Map();
      const rows = await db
        .select({ channel: channels, chatUserId: channelMembers.chatUserId, subchannel: channelMembers.subchannel })
        .from(channelMembers)
        .innerJoin(channels, eq(channels.id, channelMembers.channelId))
        .where(and(eq(channelMembers.channelId, channelId), inArray(channelMembers.chatUserId, chatUserIds)));
      return new Map(rows.map((row) => [row.chatUserId, isPartitioned(row.channel) ? row.subchannel : null]));
    },

    /** A member's subchannel, placing them if they have none yet; null where the channel is not split. */
    async subchannelOf(channel: ChannelRow, member: Pick<ChannelMemberRow, "chatUserId" | "subchannel">) {
      if (!isPartitioned(channel)) return null;
      return member.subchannel ?? placeOne(channel, member.chatUserId);
    },

    /** A channel's subchannels and, for a member, their own. Members only, for an end user. */
    async subchannels(actor: Actor, channelId: string): Promise<TSubchannelsResponse> {
      const channel = await requireChannel(actor.app, channelId);
      let mine: number | null = null;
      if (actor.kind === "user") {
        const member = await membership(db, channel.id, actor.user.id);
        if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        mine = await members.subchannelOf(channel, member);
      }
      if (!isPartitioned(channel)) return { mine: null, subchannels: [] };
      return { mine, subchannels: toSubchannelInfo(await subchannelRows(db, channel.id)) };
    },

    /** The merge job's pass: every split channel whose small subchannels have waited the merge time. */
    async mergeSubchannels(): Promise<number> {
      let merged = 0;
      for (const { id, appId } of await channelsToMerge(db)) {
        const made = await mutate(async (tx, batch) => {
          const channel = await lockChannel(tx, { id: appId }, id);
          return isPartitioned(channel) ? mergeChannel(tx, channel, batch, clock.now()) : [];
        });
        merged += made.length;
      }
      return merged;
    },
  };
  return members;
}

export type MemberService = ReturnType<typeof createMemberService>;
