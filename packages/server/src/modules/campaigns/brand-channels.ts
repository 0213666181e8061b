import type { TBrandChannelInfo } from "@parley/contract";
import { and, eq, inArray } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import type { BrandRef, ChannelRow, ChannelService } from "../channels";
import type { ChatUserRow } from "../chat-users";
import { findChatUsersByIds } from "../chat-users";
import { brands } from "./schema";

/** Recipients whose brand channel could not be had, with the code: banned from it (3029). */
type Refused = Map<string, string>;

/**
 * A brand's one-to-one channels with its recipients: one per brand and user, made on the brand's first message to
 * them and reused by later ones. The channels are the channels module's; which brand's messages go where is this
 * module's.
 */
export function createBrandChannels(ctx: Context, deps: { channels: ChannelService }) {
  const { db } = ctx.database;
  const { channels } = deps;

  /** Runs `work` for each user, keeping the refusals (AppError) apart. */
  async function eachRefusable(
    users: ChatUserRow[],
    work: (user: ChatUserRow) => Promise<ChannelRow>,
  ): Promise<{ channels: Map<string, ChannelRow>; refused: Refused }> {
    const result = new Map<string, ChannelRow>();
    const refused: Refused = new Map();
    for (const user of users) {
      try {
        result.set(user.id, await work(user));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        refused.set(user.id, err.code);
      }
    }
    return { channels: result, refused };
  }

  const service = {
    /**
     * The brand's channel with a user, made if there is none: private, frozen so the user reads but does not
     * reply, named and pictured after the brand. A user who left is added back; one banned from it answers 3029.
     * Runs in the caller's transaction; the channel's unique brand and recipient keep two sends from making two.
     */
    async ensureBrandChannel(
      tx: Db,
      batch: EventBatch,
      app: AppRow,
      brand: BrandRef,
      user: ChatUserRow,
      at: Date,
    ): Promise<ChannelRow> {
      const existing = (await channels.brandChannelsOf(tx, brand.id, [user.id])).get(user.id);
      if (existing) return channels.refreshBrandChannel(tx, batch, app, existing.id, brand, user, at);
      const planned = channels.planBrandChannel(app, brand, user, at, false);
      if ((await channels.insertBrandChannels(tx, [planned])).size === 0) {
        // Another send made it first, and has committed: use that one.
        return service.ensureBrandChannel(tx, batch, app, brand, user, at);
      }
      await channels.seatBrandChannel(tx, batch, planned, user, at);
      return planned;
    },

    /**
     * What a bulk send's batch needs to know of its recipients' channels before preparing their messages, read
     * outside any transaction: the channels that exist and are as the brand now is (a renamed brand's, or one the
     * user left, is brought up to date in a transaction of its own; both are rare), and for everyone else a channel
     * planned with `at`, to be made with the batch's messages by {@link makeBrandChannels}.
     */
    async readBrandChannels(
      app: AppRow,
      brand: BrandRef,
      users: ChatUserRow[],
      at: Date,
    ): Promise<{ existing: Map<string, ChannelRow>; planned: Map<string, ChannelRow>; refused: Refused }> {
      const found = await channels.brandChannelsOf(
        db,
        brand.id,
        users.map((u) => u.id),
      );
      const isMember = await channels.memberIdsOf(
        db,
        [...found.values()].map((c) => c.id),
      );
      const existing = new Map<string, ChannelRow>();
      const planned = new Map<string, ChannelRow>();
      const stale: ChatUserRow[] = [];
      for (const user of users) {
        const channel = found.get(user.id);
        if (!channel) {
          planned.set(user.id, channels.planBrandChannel(app, brand, user, at, true));
        } else if (channel.name === brand.name && channel.imageUrl === brand.imageUrl && isMember.has(user.id)) {
          existing.set(user.id, channel);
        } else {
          stale.push(user);
        }
      }
      if (stale.length === 0) return { existing, planned, refused: new Map() };
      const refreshed = await channels.mutate((tx, batch) =>
        eachRefusable(stale, (user) => service.ensureBrandChannel(tx, batch, app, brand, user, at)),
      );
      for (const [userId, channel] of refreshed.channels) existing.set(userId, channel);
      return { existing, planned, refused: refreshed.refused };
    },

    /**
     * Makes a batch's planned channels in the caller's transaction, each with its recipient seated and its creation
     * recorded, in a handful of statements whatever their number. `made` holds the recipients whose planned
     * channel was made (its first message's seq taken); a recipient another send gave the brand's channel meanwhile
     * is in `existing` with that one, brought up to date.
     */
    async makeBrandChannels(
      tx: Db,
      batch: EventBatch,
      app: AppRow,
      brand: BrandRef,
      planned: { user: ChatUserRow; channel: ChannelRow }[],
    ): Promise<{ made: Set<string>; existing: Map<string, ChannelRow>; refused: Refused }> {
      const at = planned[0]?.channel.createdAt;
      if (!at) return { made: new Set(), existing: new Map(), refused: new Map() };
      const madeIds = await channels.insertBrandChannels(
        tx,
        planned.map((p) => p.channel),
      );
      const made = planned.filter((p) => madeIds.has(p.channel.id));
      // The joins carry the channels' own time: a join at its channel's creation is part of it (no push of its own).
      await channels.seatBrandChannels(tx, batch, app, made, at);
      const lost = planned.filter((p) => !madeIds.has(p.channel.id));
      const taken = await eachRefusable(
        lost.map((p) => p.user),
        (user) => service.ensureBrandChannel(tx, batch, app, brand, user, at),
      );
      return { made: new Set(made.map((p) => p.user.id)), existing: taken.channels, refused: taken.refused };
    },

    /** The brand and recipient of each brand channel among `channelIds`, for the dashboard's channel list. */
    async brandChannelInfo(app: AppRow, channelIds: string[]): Promise<Map<string, TBrandChannelInfo>> {
      const links = await channels.brandChannelRecipients(channelIds);
      if (links.size === 0) return new Map();
      const brandIds = [...new Set([...links.values()].map((l) => l.brandId))];
      const brandNames = new Map(
        (
          await db
            .select({ id: brands.id, name: brands.name })
            .from(brands)
            .where(and(eq(brands.appId, app.id), inArray(brands.id, brandIds)))
        ).map((b) => [b.id, b.name]),
      );
      const users = new Map(
        (await findChatUsersByIds(db, [...new Set([...links.values()].map((l) => l.recipientId))])).map((u) => [
          u.id,
          u,
        ]),
      );
      return new Map(
        [...links].flatMap(([channelId, { brandId, recipientId }]) => {
          const brandName = brandNames.get(brandId);
          const user = users.get(recipientId);
          if (brandName === undefined || !user) return [];
          const recipient = { userId: user.userId, nickname: user.nickname };
          return [[channelId, { brandId, brandName, recipient }] as const];
        }),
      );
    },
  };
  return service;
}

export type BrandChannels = ReturnType<typeof createBrandChannels>;
