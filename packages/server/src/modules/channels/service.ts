import type {
  TChannel,
  TChannelsPage,
  TCreateChannelRequest,
  TDashboardChannelKind,
  TDashboardUpdateChannelRequest,
  TPageQuery,
} from "@parley/contract";
import { Errors, nameKey, TAGS_MAX } from "@parley/contract";
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from "drizzle-orm";
import { decodeCursor, likePattern, pageOf, pastCursor } from "../../chat/cursor";
import type { Presence } from "../../chat/presence";
import type { Context } from "../../context";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import { type ChatUserService, isBlockedByAny } from "../chat-users";
import { createBulkChannels } from "./bulk";
import { type Actor, type ChannelCoreDeps, createChannelCore, isPrivileged } from "./core";
import { createFeatureService, distinctKeyOf } from "./features";
import { createMemberService } from "./members";
import { createModerationService } from "./moderation";
import { type ChannelRow, channelMembers, channels, channelTags } from "./schema";
import { createMemberShadowBans } from "./shadow-bans";
import { createSlowMode } from "./slow-mode";
import { isPartitioned, replaceAll } from "./subchannels";

export { type Actor, isPrivileged } from "./core";

/**
 * Channels of an app: this file creates, reads, changes and deletes them (with their tags); members.ts holds who
 * belongs, moderation.ts what moderators do. One object, so callers need not know which file a verb lives in.
 */
export function createChannelService(
  ctx: Context,
  deps: ChannelCoreDeps & { chatUsers: ChatUserService; presence: Pick<Presence, "online"> },
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const core = createChannelCore(ctx, deps);
  const { toChannels, toChannel, requireChannel, lockChannel, membership, requirePermission, addMemberRows } = core;
  const { usersByIds, channelChanged, mutate } = core;
  const members = createMemberService(ctx, core, deps);
  const moderation = createModerationService(ctx, core, members);
  const features = createFeatureService(ctx, core);
  const bulk = createBulkChannels(ctx, core);
  const shadowBans = createMemberShadowBans(ctx, core);

  /** Inserts a channel with its tags and members, and records its creation; `distinctKey` marks a distinct one. */
  function insertChannel(actor: Actor, input: TCreateChannelRequest, distinctKey: string | null): Promise<ChannelRow> {
    const now = clock.now();
    return mutate(async (tx, batch) => {
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
          data: input.data,
          hideMessagesBeforeJoin: input.hideMessagesBeforeJoin,
          distinctKey,
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
  }

  const service = {
    ...core,
    ...members,
    ...moderation,
    ...features,
    ...bulk,
    slowMode: createSlowMode(ctx),
    ...shadowBans,

    /**
     * With `distinct`, the app's distinct channel of exactly the creator and `userIds` when there is one; a create
     * that loses the race to make it (the key's unique index) answers the winner's.
     */
    async createChannel(actor: Actor, input: TCreateChannelRequest): Promise<TChannel> {
      const reader = actor.kind === "user" ? actor.user.id : undefined;
      if (!input.distinct) return toChannel(await insertChannel(actor, input, null), db, reader);
      const invited = await usersByIds(actor.app, input.userIds);
      const key = distinctKeyOf(input.type, [...invited.map((u) => u.id), ...(reader ? [reader] : [])]);
      // A blocked user cannot open a one-to-one distinct channel with whoever blocks them; the blocker still can.
      const others = invited.filter((u) => u.id !== reader).map((u) => u.id);
      if (reader && others.length === 1 && (await isBlockedByAny(db, actor.app.id, others, reader))) {
        throw new AppError(Errors.BLOCKED_BY_USER);
      }
      const existing = await features.findDistinct(actor, key);
      if (existing) return existing;
      try {
        return toChannel(await insertChannel(actor, input, key), db, reader);
      } catch (err) {
        const winner = isUniqueViolation(err) ? await features.findDistinct(actor, key) : undefined;
        if (winner) return winner;
        throw err;
      }
    },

    async getChannel(actor: Actor, channelId: string): Promise<TChannel> {
      const channel = await requireChannel(actor.app, channelId);
      if (
        actor.kind === "user" &&
        channel.type === "private_invite" &&
        !(await membership(db, channel.id, actor.user.id))
      ) {
        throw new AppError(Errors.CHANNEL_NOT_FOUND);
      }
      if (actor.kind !== "user") return toChannel(channel, db);
      const [shown, member] = await Promise.all([
        toChannel(channel, db, actor.user.id),
        membership(db, channel.id, actor.user.id),
      ]);
      // What the user may do here, so a client can hide what would be refused.
      return { ...shown, myPermissions: await deps.permissions.granted(actor, channel, member?.role ?? null) };
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
            ? inArray(channels.type, ["public", "supergroup", "private", "broadcast"])
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
      // Unread counts are the reader's own: only channels they belong to carry them.
      const reader = actor.kind === "user" ? actor.user.id : undefined;
      return { channels: await toChannels(page.items, db, reader), nextCursor: page.nextCursor };
    },

    async updateChannel(actor: Actor, channelId: string, input: TDashboardUpdateChannelRequest): Promise<TChannel> {
      const now = clock.now();
      const row = await mutate(async (tx, batch) => {
        const channel = await lockChannel(tx, actor.app, channelId);
        await requirePermission(actor, channel, "changeChannel", tx);
        const patch: Partial<ChannelRow> = { updatedAt: now };
        if (input.name !== undefined) patch.name = input.name;
        if (input.imageUrl !== undefined) patch.imageUrl = input.imageUrl;
        if (input.inviteCode !== undefined) patch.inviteCode = input.inviteCode;
        if (input.data !== undefined) patch.data = input.data;
        if (input.hideMessagesBeforeJoin !== undefined) patch.hideMessagesBeforeJoin = input.hideMessagesBeforeJoin;
        if (input.slowModeSeconds !== undefined) patch.slowModeSeconds = input.slowModeSeconds;
        // Type and subchannel settings are the app administrator's to change, not a channel owner's.
        if ((input.type !== undefined || input.subchannel !== undefined) && !isPrivileged(actor))
          throw new AppError(Errors.NOT_CHANNEL_OWNER);
        if (input.type !== undefined && input.type !== channel.type) {
          patch.type = input.type;
          if (input.type === "supergroup") patch.memberLimit = null;
          else if (channel.type === "supergroup") {
            const limit = input.memberLimit ?? actor.app.defaultMemberLimit;
            if (channel.memberCount > limit) throw new AppError(Errors.CHANNEL_FULL);
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
          if (input.memberLimit < channel.memberCount) throw new AppError(Errors.CHANNEL_FULL);
          patch.memberLimit = input.memberLimit;
        }
        if ((patch.type ?? channel.type) === "private" && (patch.inviteCode ?? channel.inviteCode) === "") {
          throw new AppError(Errors.INVITATION_CODE_REQUIRED);
        }
        await tx.update(channels).set(patch).where(eq(channels.id, channel.id));
        await channelChanged(tx, channel, batch, now);
        const updated = { ...channel, ...patch } as ChannelRow;
        // Turning subchannels on or off, or a smaller maximum, places every member anew; a new minimum or merge
        // time only changes what the merge job does next.
        if (
          isPartitioned(updated) !== isPartitioned(channel) ||
          (isPartitioned(updated) && updated.subchannelMax !== channel.subchannelMax)
        ) {
          await replaceAll(tx, updated, batch, now);
        }
        return updated;
      });
      return toChannel(row, db, actor.kind === "user" ? actor.user.id : undefined);
    },

    async setTags(actor: Actor, channelId: string, tags: string[]): Promise<TChannel> {
      const channel = await requireChannel(actor.app, channelId);
      await requirePermission(actor, channel, "changeChannel");
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
      await requirePermission(actor, channel, "changeChannel");
      const now = clock.now();
      const duplicate = new AppError(Errors.INVALID_REQUEST, {
        fields: [{ path: "tag", message: "VALIDATION_TAG_DUPLICATE" }],
      });
      try {
        await mutate(async (tx, batch) => {
          const existing = await tx.select().from(channelTags).where(eq(channelTags.channelId, channel.id));
          if (existing.some((t) => nameKey(t.tag) === nameKey(tag))) throw duplicate;
          if (existing.length >= TAGS_MAX)
            throw new AppError(Errors.INVALID_REQUEST, { fields: [{ path: "tag", message: "VALIDATION_TAG_COUNT" }] });
          await tx.insert(channelTags).values({ channelId: channel.id, tag });
          await channelChanged(tx, channel, batch, now);
        });
      } catch (err) {
        // Two requests adding "Sale" and "sale" at once both pass the check above; the unique index stops the second.
        if (isUniqueViolation(err)) throw duplicate;
        throw err;
      }
    },

    async removeTag(actor: Actor, channelId: string, tagId: string): Promise<void> {
      const channel = await requireChannel(actor.app, channelId);
      await requirePermission(actor, channel, "changeChannel");
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
        await requirePermission(actor, channel, "changeChannel", tx);
        await batch.record(tx, actor.app.id, channel.id, "channel.deleted", {}, now);
        await tx.delete(channels).where(eq(channels.id, channel.id));
      });
    },
  };
  return service;
}

export type ChannelService = ReturnType<typeof createChannelService>;
