import type {
  TBrandChannelInfo,
  TChannel,
  TChannelsPage,
  TChatEvent,
  TCreateChannelRequest,
  TDashboardChannelKind,
  TDashboardUpdateChannelRequest,
  TMember,
  TMembersPage,
  TPageQuery,
} from "@parley/contract";
import { TAGS_MAX } from "@parley/contract";
import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Bus } from "../../chat/bus";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import { EventBatch } from "../../chat/events";
import type { Outbox } from "../../chat/outbox";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import {
  type AppRow,
  brandChannels,
  brands,
  type ChannelRow,
  type ChatUserRow,
  channelBans,
  channelMembers,
  channels,
  channelTags,
  chatEvents,
  chatUsers,
  messages,
} from "../../db/schema";
import { AppError } from "../../errors";
import type { ChatUserService } from "../chat-users/service";
import { toMessages } from "../messages/mapping";

/**
 * Who is acting. `server` is an app's backend with an API key; `admin` is the dashboard; `user` is an end user
 * with a chat session. Servers and admins may moderate any channel of their app; users only their own.
 */
export type Actor = { kind: "server" | "admin"; app: AppRow } | { kind: "user"; app: AppRow; user: ChatUserRow };

export const isPrivileged = (actor: Actor) => actor.kind !== "user";

export function createChannelService(ctx: Context, deps: { bus: Bus; chatUsers: ChatUserService; outbox: Outbox }) {
  const { db } = ctx.database;
  const { clock } = ctx;

  /** Inside a transaction pass `tx`: on PGlite's single connection a query outside it would wait forever. */
  async function toChannels(rows: ChannelRow[], q: Db = db): Promise<TChannel[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // One after another: inside a transaction `q` is a single connection, which runs one query at a time.
    const tags = await q
      .select()
      .from(channelTags)
      .where(inArray(channelTags.channelId, ids))
      .orderBy(asc(channelTags.tag));
    const ownerRowIds = rows.map((r) => r.ownerId).filter((v): v is string => v !== null);
    const owners = ownerRowIds.length
      ? await q
          .select({ id: chatUsers.id, userId: chatUsers.userId })
          .from(chatUsers)
          .where(inArray(chatUsers.id, ownerRowIds))
      : [];
    const lasts = await q
      .select()
      .from(messages)
      .where(
        and(
          inArray(messages.channelId, ids),
          isNull(messages.deletedAt),
          sql`${messages.seq} = (select c.last_seq from channels c where c.id = ${messages.channelId})`,
        ),
      );
    const lastMessages = new Map((await toMessages(q, lasts)).map((m) => [m.channelId, m]));
    const ownerIds = new Map(owners.map((o) => [o.id, o.userId]));
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      imageUrl: r.imageUrl,
      type: r.type,
      memberLimit: r.memberLimit,
      requiresInviteCode: r.type === "private",
      isFrozen: r.isFrozen,
      ownerUserId: r.ownerId ? (ownerIds.get(r.ownerId) ?? null) : null,
      memberCount: r.memberCount,
      tags: tags.filter((t) => t.channelId === r.id).map((t) => ({ id: t.id, tag: t.tag })),
      lastMessage: lastMessages.get(r.id) ?? null,
      createdAt: r.createdAt.toISOString(),
    }));
  }
  const toChannel = async (row: ChannelRow, q: Db = db) => (await toChannels([row], q))[0] as TChannel;

  async function requireChannel(app: Pick<AppRow, "id">, channelId: string, tx: Db = db): Promise<ChannelRow> {
    const [row] = await tx
      .select()
      .from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.appId, app.id)))
      .limit(1);
    if (!row) throw new AppError("3007");
    return row;
  }

  /** The channel and, read with it, `chatUserId`'s membership row: null when not a member. */
  async function requireChannelWithMember(app: Pick<AppRow, "id">, channelId: string, chatUserId: string) {
    const [row] = await db
      .select({ channel: channels, member: channelMembers })
      .from(channels)
      .leftJoin(
        channelMembers,
        and(eq(channelMembers.channelId, channels.id), eq(channelMembers.chatUserId, chatUserId)),
      )
      .where(and(eq(channels.id, channelId), eq(channels.appId, app.id)))
      .limit(1);
    if (!row) throw new AppError("3007");
    return row;
  }

  /** Locks the channel row for the rest of the transaction: membership changes of one channel take turns. */
  async function lockChannel(tx: Db, app: AppRow, channelId: string): Promise<ChannelRow> {
    const [row] = await tx
      .select()
      .from(channels)
      .where(and(eq(channels.id, channelId), eq(channels.appId, app.id)))
      .for("update")
      .limit(1);
    if (!row) throw new AppError("3007");
    return row;
  }

  async function membership(tx: Db, channelId: string, chatUserId: string) {
    const [row] = await tx
      .select()
      .from(channelMembers)
      .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.chatUserId, chatUserId)))
      .limit(1);
    return row;
  }

  async function isBanned(tx: Db, channelId: string, chatUserId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: channelBans.chatUserId })
      .from(channelBans)
      .where(and(eq(channelBans.channelId, channelId), eq(channelBans.chatUserId, chatUserId)))
      .limit(1);
    return Boolean(row);
  }

  function requireModerator(actor: Actor, channel: ChannelRow): void {
    if (actor.kind === "user" && channel.ownerId !== actor.user.id) throw new AppError("3025");
  }

  async function addMemberRows(tx: Db, channel: ChannelRow, users: ChatUserRow[], batch: EventBatch, at: Date) {
    const fresh: ChatUserRow[] = [];
    for (const user of users) {
      if (await isBanned(tx, channel.id, user.id)) throw new AppError("3029");
      const inserted = await tx
        .insert(channelMembers)
        .values({ channelId: channel.id, chatUserId: user.id, joinedAt: at, lastReadSeq: channel.lastSeq })
        .onConflictDoNothing()
        .returning({ id: channelMembers.chatUserId });
      if (inserted.length > 0) fresh.push(user);
    }
    const total = channel.memberCount + fresh.length;
    if (channel.memberLimit !== null && total > channel.memberLimit) throw new AppError("3024");
    await tx.update(channels).set({ memberCount: total }).where(eq(channels.id, channel.id));
    channel.memberCount = total;
    for (const user of fresh) {
      await batch.record(tx, channel.appId, channel.id, "member.joined", { userId: user.userId }, at);
    }
  }

  async function removeMemberRow(tx: Db, channel: ChannelRow, user: ChatUserRow): Promise<boolean> {
    const removed = await tx
      .delete(channelMembers)
      .where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.chatUserId, user.id)))
      .returning({ id: channelMembers.chatUserId });
    if (removed.length === 0) return false;
    const patch: Partial<ChannelRow> = { memberCount: Math.max(0, channel.memberCount - 1) };
    if (channel.ownerId === user.id) {
      // The longest-standing member inherits a channel its owner leaves, so moderation never lapses.
      const [heir] = await tx
        .select({ id: channelMembers.chatUserId })
        .from(channelMembers)
        .where(eq(channelMembers.channelId, channel.id))
        .orderBy(asc(channelMembers.joinedAt))
        .limit(1);
      patch.ownerId = heir?.id ?? null;
    }
    await tx.update(channels).set(patch).where(eq(channels.id, channel.id));
    Object.assign(channel, patch);
    return true;
  }

  async function usersByIds(app: AppRow, userIds: string[], tx: Db = db): Promise<ChatUserRow[]> {
    const unique = [...new Set(userIds)];
    if (unique.length === 0) return [];
    const rows = await tx
      .select()
      .from(chatUsers)
      .where(and(eq(chatUsers.appId, app.id), inArray(chatUsers.userId, unique)));
    if (rows.length !== unique.length) throw new AppError("3018");
    return rows;
  }

  async function channelChanged(tx: Db, channel: ChannelRow, batch: EventBatch, at: Date) {
    const [fresh] = await tx.select().from(channels).where(eq(channels.id, channel.id));
    await batch.record(
      tx,
      channel.appId,
      channel.id,
      "channel.changed",
      { channel: await toChannel(fresh as ChannelRow, tx) },
      at,
    );
  }

  /** Runs `work` in a transaction and publishes the events it recorded once it has committed. */
  async function mutate<T>(work: (tx: Db, batch: EventBatch) => Promise<T>): Promise<T> {
    const batch = new EventBatch(deps.outbox);
    const result = await db.transaction((tx) => work(tx as unknown as Db, batch));
    await batch.publish(deps.bus);
    return result;
  }

  async function pageOfMembers(channel: ChannelRow, query: TPageQuery, filter: "all" | "muted"): Promise<TMembersPage> {
    const after = decodeCursor(query.cursor);
    const now = clock.now();
    const conditions: (SQL | undefined)[] = [eq(channelMembers.channelId, channel.id)];
    if (filter === "muted")
      conditions.push(and(isNotNull(channelMembers.mutedUntil), gt(channelMembers.mutedUntil, now)));
    if (query.search) {
      const p = likePattern(query.search);
      conditions.push(or(ilike(chatUsers.userId, p), ilike(chatUsers.nickname, p)));
    }
    conditions.push(pastCursor(after, channelMembers.joinedAt, channelMembers.chatUserId, "asc"));
    const rows = await db
      .select({ m: channelMembers, u: chatUsers })
      .from(channelMembers)
      .innerJoin(chatUsers, eq(chatUsers.id, channelMembers.chatUserId))
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

  const service = {
    requireChannel,
    membership,
    requireChannelWithMember,
    isBanned,
    toChannel,

    async createChannel(actor: Actor, input: TCreateChannelRequest): Promise<TChannel> {
      const now = clock.now();
      const channel = await mutate(async (tx, batch) => {
        const invited = await usersByIds(actor.app, input.userIds, tx);
        const creator = actor.kind === "user" ? actor.user : null;
        const memberLimit = input.type === "supergroup" ? null : (input.memberLimit ?? actor.app.defaultMemberLimit);
        const [row] = await tx
          .insert(channels)
          .values({
            appId: actor.app.id,
            name: input.name,
            imageUrl: input.imageUrl,
            type: input.type,
            memberLimit,
            inviteCode: input.inviteCode,
            ownerId: creator?.id ?? null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        const channelRow = row as ChannelRow;
        for (const tag of input.tags) await tx.insert(channelTags).values({ channelId: channelRow.id, tag });
        const members = creator ? [creator, ...invited.filter((u) => u.id !== creator.id)] : invited;
        await addMemberRows(tx, channelRow, members, batch, now);
        await batch.record(
          tx,
          actor.app.id,
          channelRow.id,
          "channel.created",
          { channel: await toChannel(channelRow, tx) },
          now,
        );
        return channelRow;
      });
      return toChannel(channel);
    },

    async getChannel(actor: Actor, channelId: string): Promise<TChannel> {
      const channel = await requireChannel(actor.app, channelId);
      if (
        actor.kind === "user" &&
        channel.type === "private_invite" &&
        !(await membership(db, channel.id, actor.user.id))
      ) {
        throw new AppError("3007");
      }
      return toChannel(channel);
    },

    async listChannels(
      actor: Actor,
      query: TPageQuery & { scope?: "mine" | "public"; kind?: TDashboardChannelKind },
    ): Promise<TChannelsPage> {
      const after = decodeCursor(query.cursor);
      const conditions: (SQL | undefined)[] = [eq(channels.appId, actor.app.id)];
      if (query.kind === "regular") conditions.push(isNull(channels.brandId));
      if (query.kind === "brand") conditions.push(isNotNull(channels.brandId));
      if (actor.kind === "user") {
        conditions.push(
          query.scope === "public"
            ? inArray(channels.type, ["public", "supergroup", "private"])
            : inArray(
                channels.id,
                db
                  .select({ id: channelMembers.channelId })
                  .from(channelMembers)
                  .where(eq(channelMembers.chatUserId, actor.user.id)),
              ),
        );
      }
      if (query.search) conditions.push(ilike(channels.name, likePattern(query.search)));
      conditions.push(pastCursor(after, channels.createdAt, channels.id, "desc"));
      const rows = await db
        .select()
        .from(channels)
        .where(and(...conditions))
        .orderBy(desc(channels.createdAt), desc(channels.id))
        .limit(query.limit + 1);
      const page = pageOf(rows, query.limit, (row) => ({ at: row.createdAt, id: row.id }));
      return { channels: await toChannels(page.items), nextCursor: page.nextCursor };
    },

    /** The brand and recipient of each brand channel among `channelIds`, for the dashboard's channel list. */
    async brandChannelInfo(app: AppRow, channelIds: string[]): Promise<Map<string, TBrandChannelInfo>> {
      if (channelIds.length === 0) return new Map();
      const rows = await db
        .select({
          channelId: brandChannels.channelId,
          brandId: brands.id,
          brandName: brands.name,
          userId: chatUsers.userId,
          nickname: chatUsers.nickname,
        })
        .from(brandChannels)
        .innerJoin(brands, eq(brands.id, brandChannels.brandId))
        .innerJoin(chatUsers, eq(chatUsers.id, brandChannels.chatUserId))
        .where(and(eq(brands.appId, app.id), inArray(brandChannels.channelId, channelIds)));
      return new Map(
        rows.map((row) => [
          row.channelId,
          {
            brandId: row.brandId,
            brandName: row.brandName,
            recipient: { userId: row.userId, nickname: row.nickname },
          },
        ]),
      );
    },

    async updateChannel(actor: Actor, channelId: string, input: TDashboardUpdateChannelRequest): Promise<TChannel> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        requireModerator(actor, channel);
        const patch: Partial<ChannelRow> = { updatedAt: now };
        if (input.name !== undefined) patch.name = input.name;
        if (input.imageUrl !== undefined) patch.imageUrl = input.imageUrl;
        if (input.inviteCode !== undefined) patch.inviteCode = input.inviteCode;
        // Type and subchannel settings are the app administrator's to change, not a channel owner's.
        if ((input.type !== undefined || input.subchannel !== undefined) && !isPrivileged(actor))
          throw new AppError("3025");
        if (input.type !== undefined && input.type !== channel.type) {
          patch.type = input.type;
          if (input.type === "supergroup") patch.memberLimit = null;
          else if (channel.type === "supergroup") {
            const limit = input.memberLimit ?? actor.app.defaultMemberLimit;
            if (channel.memberCount > limit) throw new AppError("3024");
            patch.memberLimit = limit;
          }
        }
        if (input.subchannel) {
          patch.subchannelEnabled = input.subchannel.enabled;
          patch.subchannelMin = input.subchannel.minMembers;
          patch.subchannelMax = input.subchannel.maxMembers;
          patch.subchannelMergeMinutes = input.subchannel.mergeMinutes;
        }
        if (input.memberLimit !== undefined && (patch.type ?? channel.type) !== "supergroup") {
          if (input.memberLimit < channel.memberCount) throw new AppError("3024");
          patch.memberLimit = input.memberLimit;
        }
        if ((patch.type ?? channel.type) === "private" && (patch.inviteCode ?? channel.inviteCode) === "") {
          throw new AppError("3008");
        }
        await tx.update(channels).set(patch).where(eq(channels.id, channel.id));
        await channelChanged(tx, channel, batch, now);
        return { ...channel, ...patch } as ChannelRow;
      });
      return toChannel(row);
    },

    async setTags(actor: Actor, channelId: string, tags: string[]): Promise<TChannel> {
      const channel = await requireChannel(actor.app, channelId);
      requireModerator(actor, channel);
      const now = clock.now();
      await mutate(async (tx, batch) => {
        await tx.delete(channelTags).where(eq(channelTags.channelId, channel.id));
        for (const tag of tags) await tx.insert(channelTags).values({ channelId: channel.id, tag });
        await channelChanged(tx, channel, batch, now);
      });
      return toChannel(channel);
    },

    async detail(actor: Actor, channelId: string) {
      const channel = await requireChannel(actor.app, channelId);
      return {
        channel: await toChannel(channel),
        inviteCode: channel.inviteCode,
        subchannel: {
          enabled: channel.subchannelEnabled,
          minMembers: channel.subchannelMin,
          maxMembers: channel.subchannelMax,
          mergeMinutes: channel.subchannelMergeMinutes,
        },
      };
    },

    async addTag(actor: Actor, channelId: string, tag: string): Promise<void> {
      const channel = await requireChannel(actor.app, channelId);
      requireModerator(actor, channel);
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const existing = await tx.select().from(channelTags).where(eq(channelTags.channelId, channel.id));
        if (existing.some((t) => t.tag === tag))
          throw new AppError("300", { fields: [{ path: "tag", message: "VALIDATION_TAG_DUPLICATE" }] });
        if (existing.length >= TAGS_MAX)
          throw new AppError("300", { fields: [{ path: "tag", message: "VALIDATION_TAG_COUNT" }] });
        await tx.insert(channelTags).values({ channelId: channel.id, tag });
        await channelChanged(tx, channel, batch, now);
      });
    },

    async removeTag(actor: Actor, channelId: string, tagId: string): Promise<void> {
      const channel = await requireChannel(actor.app, channelId);
      requireModerator(actor, channel);
      const now = clock.now();
      await mutate(async (tx, batch) => {
        await tx.delete(channelTags).where(and(eq(channelTags.channelId, channel.id), eq(channelTags.id, tagId)));
        await channelChanged(tx, channel, batch, now);
      });
    },

    async tagsOf(actor: Actor, channelId: string) {
      const channel = await requireChannel(actor.app, channelId);
      const rows = await db
        .select()
        .from(channelTags)
        .where(eq(channelTags.channelId, channel.id))
        .orderBy(asc(channelTags.tag));
      return rows.map((t) => ({ id: t.id, tag: t.tag }));
    },

    async deleteChannel(actor: Actor, channelId: string): Promise<void> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        requireModerator(actor, channel);
        await batch.record(tx, actor.app.id, channel.id, "channel.deleted", {}, now);
        await tx.delete(channels).where(eq(channels.id, channel.id));
      });
    },

    async setFrozen(actor: Actor, channelId: string, isFrozen: boolean): Promise<TChannel> {
      if (!isPrivileged(actor)) throw new AppError("3025");
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        if (channel.isFrozen !== isFrozen) {
          await tx.update(channels).set({ isFrozen, updatedAt: now }).where(eq(channels.id, channel.id));
          await batch.record(tx, actor.app.id, channel.id, isFrozen ? "channel.frozen" : "channel.unfrozen", {}, now);
        }
        return { ...channel, isFrozen };
      });
      return toChannel(row);
    },

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

    async mute(actor: Actor, channelId: string, userId: string, minutes: number | null): Promise<TMember> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        requireModerator(actor, channel);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user || !(await membership(tx, channel.id, user.id))) throw new AppError("3020");
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
      return service.memberInfo(actor, channelId, userId);
    },

    async ban(actor: Actor, channelId: string, userId: string): Promise<void> {
      const now = clock.now();
      await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        requireModerator(actor, channel);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user) throw new AppError("3018");
        if (actor.kind === "user" && user.id === actor.user.id) throw new AppError("3025");
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
        requireModerator(actor, channel);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user) throw new AppError("3018");
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
        requireModerator(actor, channel);
        const [user] = await usersByIds(actor.app, [userId], tx);
        if (!user || !(await membership(tx, channel.id, user.id))) throw new AppError("3020");
        await tx.update(channels).set({ ownerId: user.id, updatedAt: now }).where(eq(channels.id, channel.id));
        await channelChanged(tx, channel, batch, now);
        return { ...channel, ownerId: user.id };
      });
      return toChannel(row);
    },

    async listMembers(actor: Actor, channelId: string, query: TPageQuery, filter: "all" | "muted" = "all") {
      const channel = await requireChannel(actor.app, channelId);
      if (actor.kind === "user" && !(await membership(db, channel.id, actor.user.id))) throw new AppError("3020");
      return pageOfMembers(channel, query, filter);
    },

    async listBanned(actor: Actor, channelId: string, query: TPageQuery) {
      const channel = await requireChannel(actor.app, channelId);
      requireModerator(actor, channel);
      const after = decodeCursor(query.cursor);
      const conditions: (SQL | undefined)[] = [eq(channelBans.channelId, channel.id)];
      if (query.search) {
        const p = likePattern(query.search);
        conditions.push(or(ilike(chatUsers.userId, p), ilike(chatUsers.nickname, p)));
      }
      conditions.push(pastCursor(after, channelBans.bannedAt, channelBans.chatUserId, "asc"));
      const rows = await db
        .select({ b: channelBans, u: chatUsers })
        .from(channelBans)
        .innerJoin(chatUsers, eq(chatUsers.id, channelBans.chatUserId))
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

    /**
     * The brand's one-to-one channel with a user, made on the brand's first message to them: private, frozen so
     * the user reads but does not reply, named and pictured after the brand. A user who left is added back; one
     * banned from it answers 3029. Runs in the caller's transaction; the brand link's key keeps two sends from
     * making two channels.
     */
    async ensureBrandChannel(
      tx: Db,
      batch: EventBatch,
      app: AppRow,
      brand: { id: string; name: string; imageUrl: string },
      user: ChatUserRow,
      at: Date,
    ): Promise<ChannelRow> {
      const [link] = await tx
        .select({ channelId: brandChannels.channelId })
        .from(brandChannels)
        .where(and(eq(brandChannels.brandId, brand.id), eq(brandChannels.chatUserId, user.id)))
        .limit(1);
      if (link) {
        const channel = await lockChannel(tx, app, link.channelId);
        if (channel.name !== brand.name || channel.imageUrl !== brand.imageUrl) {
          await tx
            .update(channels)
            .set({ name: brand.name, imageUrl: brand.imageUrl, updatedAt: at })
            .where(eq(channels.id, channel.id));
          Object.assign(channel, { name: brand.name, imageUrl: brand.imageUrl });
          await channelChanged(tx, channel, batch, at);
        }
        if (!(await membership(tx, channel.id, user.id))) await addMemberRows(tx, channel, [user], batch, at);
        return channel;
      }
      const [row] = await tx
        .insert(channels)
        .values({
          appId: app.id,
          name: brand.name,
          imageUrl: brand.imageUrl,
          type: "private",
          memberLimit: 2,
          isFrozen: true,
          brandId: brand.id,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      const channel = row as ChannelRow;
      const linked = await tx
        .insert(brandChannels)
        .values({ brandId: brand.id, chatUserId: user.id, channelId: channel.id })
        .onConflictDoNothing()
        .returning({ channelId: brandChannels.channelId });
      if (linked.length === 0) {
        // Another send made the channel first, and has committed: use that one.
        await tx.delete(channels).where(eq(channels.id, channel.id));
        return service.ensureBrandChannel(tx, batch, app, brand, user, at);
      }
      await addMemberRows(tx, channel, [user], batch, at);
      await batch.record(tx, app.id, channel.id, "channel.created", { channel: await toChannel(channel, tx) }, at);
      return channel;
    },

    /**
     * {@link ensureBrandChannel} for a batch of users, in a handful of statements whatever the batch's size: the
     * users' existing channels are read at once, and the missing ones made with one insert per table. Users
     * refused (banned from their channel) are left out of the map, with their code in `refused`.
     */
    async ensureBrandChannels(
      tx: Db,
      batch: EventBatch,
      app: AppRow,
      brand: { id: string; name: string; imageUrl: string },
      users: ChatUserRow[],
      at: Date,
    ): Promise<{ channels: Map<string, ChannelRow>; refused: Map<string, string> }> {
      const result = new Map<string, ChannelRow>();
      const refused = new Map<string, string>();
      if (users.length === 0) return { channels: result, refused };
      const userIds = users.map((u) => u.id);
      const links = await tx
        .select({ chatUserId: brandChannels.chatUserId, channel: channels })
        .from(brandChannels)
        .innerJoin(channels, eq(channels.id, brandChannels.channelId))
        .where(and(eq(brandChannels.brandId, brand.id), inArray(brandChannels.chatUserId, userIds)));
      const linked = new Map(links.map((l) => [l.chatUserId, l.channel]));
      const members = links.length
        ? await tx
            .select({ chatUserId: channelMembers.chatUserId })
            .from(channelMembers)
            .where(
              inArray(
                channelMembers.channelId,
                links.map((l) => l.channel.id),
              ),
            )
        : [];
      const isMember = new Set(members.map((m) => m.chatUserId));
      const fresh: ChatUserRow[] = [];
      for (const user of users) {
        const channel = linked.get(user.id);
        if (!channel) {
          fresh.push(user);
        } else if (channel.name === brand.name && channel.imageUrl === brand.imageUrl && isMember.has(user.id)) {
          result.set(user.id, channel);
        } else {
          // Renamed brands and users who left take the one-by-one path; both are rare.
          try {
            result.set(user.id, await service.ensureBrandChannel(tx, batch, app, brand, user, at));
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            refused.set(user.id, err.code);
          }
        }
      }
      if (fresh.length === 0) return { channels: result, refused };

      const made = await tx
        .insert(channels)
        .values(
          fresh.map(() => ({
            appId: app.id,
            name: brand.name,
            imageUrl: brand.imageUrl,
            type: "private" as const,
            memberLimit: 2,
            isFrozen: true,
            memberCount: 1,
            brandId: brand.id,
            createdAt: at,
            updatedAt: at,
          })),
        )
        .returning();
      const pairs = fresh.map((user, i) => ({ user, channel: made[i] as ChannelRow }));
      const claimed = await tx
        .insert(brandChannels)
        .values(pairs.map(({ user, channel }) => ({ brandId: brand.id, chatUserId: user.id, channelId: channel.id })))
        .onConflictDoNothing()
        .returning({ channelId: brandChannels.channelId });
      const won = new Set(claimed.map((c) => c.channelId));
      const lost = pairs.filter(({ channel }) => !won.has(channel.id));
      if (lost.length > 0) {
        // Another send made these first and has committed: drop ours and use theirs.
        await tx.delete(channels).where(
          inArray(
            channels.id,
            lost.map(({ channel }) => channel.id),
          ),
        );
        for (const { user } of lost)
          result.set(user.id, await service.ensureBrandChannel(tx, batch, app, brand, user, at));
      }
      const kept = pairs.filter(({ channel }) => won.has(channel.id));
      if (kept.length === 0) return { channels: result, refused };
      await tx.insert(channelMembers).values(
        kept.map(({ user, channel }) => ({
          channelId: channel.id,
          chatUserId: user.id,
          joinedAt: at,
          lastReadSeq: 0,
        })),
      );
      const events = await tx
        .insert(chatEvents)
        .values(
          kept.flatMap(({ user, channel }) => [
            {
              appId: app.id,
              channelId: channel.id,
              type: "member.joined" as const,
              payload: { userId: user.userId },
              createdAt: at,
            },
            {
              appId: app.id,
              channelId: channel.id,
              type: "channel.created" as const,
              payload: { channel: brandChannelOf(channel) },
              createdAt: at,
            },
          ]),
        )
        .returning({
          id: chatEvents.id,
          channelId: chatEvents.channelId,
          type: chatEvents.type,
          payload: chatEvents.payload,
        });
      for (const event of events) {
        await batch.stored(tx, app.id, {
          id: String(event.id),
          type: event.type,
          channelId: event.channelId as string,
          createdAt: at.toISOString(),
          ...(event.payload as Record<string, unknown>),
        } as TChatEvent);
      }
      for (const { user, channel } of kept) result.set(user.id, channel);
      return { channels: result, refused };
    },

    mutate,
    /** A batch for a writer that stores its events itself, outside `mutate`. */
    newBatch: () => new EventBatch(deps.outbox),
  };
  return service;
}

/** A brand channel as its `channel.created` event shows it: no tags, no owner, its one member, no message yet. */
function brandChannelOf(row: ChannelRow): TChannel {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    type: row.type,
    memberLimit: row.memberLimit,
    requiresInviteCode: row.type === "private",
    isFrozen: row.isFrozen,
    ownerUserId: null,
    memberCount: row.memberCount,
    tags: [],
    lastMessage: null,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ChannelService = ReturnType<typeof createChannelService>;
