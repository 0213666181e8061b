import type { TBrandChannelInfo } from "@parley/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import type { BrandRef, ChannelRow, ChannelService } from "../channels";
import type { ChatUserRow } from "../chat-users";
import { findChatUsersByIds } from "../chat-users";
import { brandChannels, brands } from "./schema";

/**
 * The link between a brand, a user and their one-to-one channel. The link is this module's; the channel itself is
 * made and changed by the channels module.
 */
export function createBrandChannels(ctx: Context, deps: { channels: ChannelService }) {
  const { db } = ctx.database;
  const { channels } = deps;

  async function claim(tx: Db, brand: BrandRef, pairs: { user: ChatUserRow; channel: ChannelRow }[]) {
    if (pairs.length === 0) return new Set<string>();
    const input = pairs.map(({ user, channel }) => ({ chat_user_id: user.id, channel_id: channel.id }));
    const claimed = await tx.execute(sql`
      insert into brand_channels (brand_id, chat_user_id, channel_id)
      select ${brand.id}, x.chat_user_id, x.channel_id
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x (chat_user_id uuid, channel_id uuid)
      on conflict do nothing
      returning channel_id`);
    return new Set(rowsOf<{ channel_id: string }>(claimed).map((c) => c.channel_id));
  }

  const service = {
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
      brand: BrandRef,
      user: ChatUserRow,
      at: Date,
    ): Promise<ChannelRow> {
      const [link] = await tx
        .select({ channelId: brandChannels.channelId })
        .from(brandChannels)
        .where(and(eq(brandChannels.brandId, brand.id), eq(brandChannels.chatUserId, user.id)))
        .limit(1);
      if (link) return channels.refreshBrandChannel(tx, batch, app, link.channelId, brand, user, at);
      const [channel] = (await channels.insertBrandChannels(tx, app, brand, 1, at, 0)) as [ChannelRow];
      if ((await claim(tx, brand, [{ user, channel }])).size === 0) {
        // Another send made the channel first, and has committed: use that one.
        await channels.dropChannels(tx, [channel.id]);
        return service.ensureBrandChannel(tx, batch, app, brand, user, at);
      }
      await channels.seatBrandChannel(tx, batch, channel, user, at);
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
      brand: BrandRef,
      users: ChatUserRow[],
      at: Date,
    ): Promise<{ channels: Map<string, ChannelRow>; refused: Map<string, string> }> {
      const result = new Map<string, ChannelRow>();
      const refused = new Map<string, string>();
      if (users.length === 0) return { channels: result, refused };
      const links = await tx
        .select({ chatUserId: brandChannels.chatUserId, channelId: brandChannels.channelId })
        .from(brandChannels)
        .where(
          and(
            eq(brandChannels.brandId, brand.id),
            inArray(
              brandChannels.chatUserId,
              users.map((u) => u.id),
            ),
          ),
        );
      const channelIds = links.map((l) => l.channelId);
      const byId = new Map((await channels.channelsByIds(tx, channelIds)).map((c) => [c.id, c]));
      const linked = new Map(
        links.flatMap((l) => {
          const channel = byId.get(l.channelId);
          return channel ? [[l.chatUserId, channel] as const] : [];
        }),
      );
      const isMember = await channels.memberIdsOf(tx, channelIds);
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

      const made = await channels.insertBrandChannels(tx, app, brand, fresh.length, at, 1);
      const pairs = fresh.map((user, i) => ({ user, channel: made[i] as ChannelRow }));
      const won = await claim(tx, brand, pairs);
      const lost = pairs.filter(({ channel }) => !won.has(channel.id));
      if (lost.length > 0) {
        // Another send made these first and has committed: drop ours and use theirs.
        await channels.dropChannels(
          tx,
          lost.map(({ channel }) => channel.id),
        );
        for (const { user } of lost)
          result.set(user.id, await service.ensureBrandChannel(tx, batch, app, brand, user, at));
      }
      const kept = pairs.filter(({ channel }) => won.has(channel.id));
      await channels.seatBrandChannels(tx, batch, app, kept, at);
      for (const { user, channel } of kept) result.set(user.id, channel);
      return { channels: result, refused };
    },

    /** The brand and recipient of each brand channel among `channelIds`, for the dashboard's channel list. */
    async brandChannelInfo(app: AppRow, channelIds: string[]): Promise<Map<string, TBrandChannelInfo>> {
      if (channelIds.length === 0) return new Map();
      const rows = await db
        .select({
          channelId: brandChannels.channelId,
          brandId: brands.id,
          brandName: brands.name,
          chatUserId: brandChannels.chatUserId,
        })
        .from(brandChannels)
        .innerJoin(brands, eq(brands.id, brandChannels.brandId))
        .where(and(eq(brands.appId, app.id), inArray(brandChannels.channelId, channelIds)));
      const users = new Map(
        (await findChatUsersByIds(db, [...new Set(rows.map((row) => row.chatUserId))])).map((u) => [u.id, u]),
      );
      return new Map(
        rows.flatMap((row) => {
          const user = users.get(row.chatUserId);
          if (!user) return [];
          const recipient = { userId: user.userId, nickname: user.nickname };
          return [[row.channelId, { brandId: row.brandId, brandName: row.brandName, recipient }] as const];
        }),
      );
    },
  };
  return service;
}

export type BrandChannels = ReturnType<typeof createBrandChannels>;
