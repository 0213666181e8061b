import { randomUUID } from "node:crypto";
import type { TChannel, TChatEvent } from "@parley/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import { type Db, rowsOf } from "../../db/client";
import type { AppRow } from "../apps";
import type { ChatUserRow } from "../chat-users";
import { brandChannelOf } from "./rows";
import { type ChannelMemberRow, type ChannelRow, channels, SUBCHANNEL_DEFAULTS } from "./schema";

/** What a brand channel is named and pictured after. */
export interface BrandRef {
  id: string;
  name: string;
  imageUrl: string;
}

/** The pieces of the channel core a brand channel is made and kept up to date with. */
export interface BrandChannelCore {
  lockChannel(tx: Db, app: Pick<AppRow, "id">, channelId: string): Promise<ChannelRow>;
  membership(tx: Db, channelId: string, chatUserId: string): Promise<ChannelMemberRow | undefined>;
  addMemberRows(tx: Db, channel: ChannelRow, users: ChatUserRow[], batch: EventBatch, at: Date): Promise<void>;
  channelChanged(tx: Db, channel: ChannelRow, batch: EventBatch, at: Date): Promise<void>;
  toChannel(row: ChannelRow, q?: Db): Promise<TChannel>;
}

/** The channels of brands: a campaign's one-to-one channels with its recipients. */
export function createBrandChannels(db: Db, core: BrandChannelCore) {
  const { lockChannel, membership, addMemberRows, channelChanged, toChannel } = core;

  /**
   * Brand channels (a campaign's one-to-one channels with its recipients) are made here, since the rows are
   * channels: private, frozen so the user reads but does not reply, named and pictured after the brand, naming their
   * one recipient. A channel is planned before it is made, its id chosen here, so that the message it is made for can
   * be prepared first. `withFirstMessage`: for a bulk send's batch, which makes the channel with its first message's
   * seq already taken and stores that message in the same transaction (`storeMany`'s `newChannelIds`), and seats the
   * recipient with {@link seatBrandChannels} (counted here, before that message); otherwise the channel is empty and
   * {@link seatBrandChannel} adds and counts the recipient.
   */
  function planBrandChannel(
    app: AppRow,
    brand: BrandRef,
    recipient: ChatUserRow,
    at: Date,
    withFirstMessage: boolean,
  ): ChannelRow {
    const seq = withFirstMessage ? 1 : 0;
    return {
      id: randomUUID(),
      appId: app.id,
      name: brand.name,
      imageUrl: brand.imageUrl,
      type: "private",
      memberLimit: 2,
      inviteCode: "",
      ownerId: null,
      isFrozen: true,
      lastSeq: seq,
      memberCount: withFirstMessage ? 1 : 0,
      subchannelEnabled: false,
      subchannelMin: SUBCHANNEL_DEFAULTS.min,
      subchannelMax: SUBCHANNEL_DEFAULTS.max,
      subchannelMergeMinutes: SUBCHANNEL_DEFAULTS.mergeMinutes,
      brandId: brand.id,
      brandRecipientId: recipient.id,
      createdAt: at,
      updatedAt: at,
      data: {},
      hideMessagesBeforeJoin: false,
      distinctKey: null,
      pinnedMessageIds: [],
      countableSeq: seq,
      countablePublicSeq: seq,
      slowModeSeconds: 0,
    };
  }

  /**
   * Makes planned brand channels, in one statement whatever their number. A recipient who has the brand's channel
   * already (another send made it meanwhile) keeps that one: theirs is not made. Answers the ids made.
   */
  async function insertBrandChannels(tx: Db, planned: ChannelRow[]): Promise<Set<string>> {
    if (planned.length === 0) return new Set();
    const input = planned.map((c) => ({
      id: c.id,
      app_id: c.appId,
      name: c.name,
      image_url: c.imageUrl,
      brand_id: c.brandId,
      recipient_id: c.brandRecipientId,
      member_count: c.memberCount,
      seq: c.lastSeq,
      at: c.createdAt.toISOString(),
    }));
    // One parameter whatever the number: a row of values per channel made building and sending the statement cost
    // more than running it, in a large campaign's batches.
    const result = await tx.execute(sql`
      insert into channels (id, app_id, name, image_url, type, member_limit, is_frozen, member_count, brand_id,
        brand_recipient_id, last_seq, countable_seq, countable_public_seq, created_at, updated_at)
      select x.id, x.app_id, x.name, x.image_url, 'private', 2, true, x.member_count, x.brand_id, x.recipient_id,
        x.seq, x.seq, x.seq, x.at, x.at
      from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as x (id uuid, app_id uuid, name text,
        image_url text, brand_id uuid, recipient_id uuid, member_count int, seq int, at timestamptz)
      on conflict (brand_id, brand_recipient_id) where brand_recipient_id is not null do nothing
      returning id`);
    return new Set(rowsOf<{ id: string }>(result).map((row) => row.id));
  }

  /** The brand's channels with `recipientIds`, by recipient. */
  async function brandChannelsOf(tx: Db, brandId: string, recipientIds: string[]): Promise<Map<string, ChannelRow>> {
    if (recipientIds.length === 0) return new Map();
    const rows = await tx
      .select()
      .from(channels)
      .where(and(eq(channels.brandId, brandId), inArray(channels.brandRecipientId, recipientIds)));
    return new Map(rows.map((row) => [row.brandRecipientId as string, row]));
  }

  /** The brand and recipient of each brand channel among `channelIds`. */
  async function brandChannelRecipients(
    channelIds: string[],
  ): Promise<Map<string, { brandId: string; recipientId: string }>> {
    if (channelIds.length === 0) return new Map();
    const rows = await db
      .select({ id: channels.id, brandId: channels.brandId, recipientId: channels.brandRecipientId })
      .from(channels)
      .where(inArray(channels.id, channelIds));
    return new Map(
      rows.flatMap(({ id, brandId, recipientId }) =>
        brandId && recipientId ? [[id, { brandId, recipientId }] as const] : [],
      ),
    );
  }

  /** An existing brand channel brought up to date: the brand's name and picture, and the user back in it. */
  async function refreshBrandChannel(
    tx: Db,
    batch: EventBatch,
    app: AppRow,
    channelId: string,
    brand: BrandRef,
    user: ChatUserRow,
    at: Date,
  ): Promise<ChannelRow> {
    const channel = await lockChannel(tx, app, channelId);
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

  /** Puts the user into a brand channel just made, and records its creation. */
  async function seatBrandChannel(tx: Db, batch: EventBatch, channel: ChannelRow, user: ChatUserRow, at: Date) {
    await addMemberRows(tx, channel, [user], batch, at);
    await batch.record(tx, channel.appId, channel.id, "channel.created", { channel: await toChannel(channel, tx) }, at);
  }

  /**
   * {@link seatBrandChannel} for many channels made with `memberCount` 1, in one statement whatever their number:
   * the members, their events and, when the app's integrations want them, the events' outbox rows.
   */
  async function seatBrandChannels(
    tx: Db,
    batch: EventBatch,
    app: AppRow,
    pairs: { user: ChatUserRow; channel: ChannelRow }[],
    at: Date,
  ): Promise<void> {
    if (pairs.length === 0) return;
    const outboxed = await batch.wantsOutbox(app.id, tx);
    const input = pairs.map(({ user, channel }, i) => ({
      i,
      channel_id: channel.id,
      chat_user_id: user.id,
      user_id: user.userId,
      channel: brandChannelOf(channel),
    }));
    const result = await tx.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          as x (i int, channel_id uuid, chat_user_id uuid, user_id text, channel jsonb)
      ), seated as (
        insert into channel_members (channel_id, chat_user_id, joined_at, last_read_seq)
        select channel_id, chat_user_id, ${at}, 0 from input
      ), event as (
        insert into chat_events (app_id, channel_id, type, payload, created_at)
        select ${app.id}, input.channel_id, kind.type,
          case kind.type
            when 'member.joined' then jsonb_build_object('userId', input.user_id)
            else jsonb_build_object('channel', input.channel)
          end,
          ${at}
        from input, (values (1, 'member.joined'), (2, 'channel.created')) as kind (n, type)
        order by input.i, kind.n
        returning id, channel_id, type, payload
      ), outboxed as (
        insert into event_outbox (app_id, event_id, event, created_at)
        select ${app.id}, event.id,
          event.payload || jsonb_build_object('id', event.id::text, 'type', event.type,
            'channelId', event.channel_id::text, 'createdAt', ${at.toISOString()}::text),
          ${at}
        from event where ${outboxed}
      )
      select id, channel_id, type, payload from event order by id`);
    for (const event of rowsOf<{ id: string; channel_id: string; type: string; payload: Record<string, unknown> }>(
      result,
    )) {
      batch.storedWithOutbox(
        app.id,
        {
          id: String(event.id),
          type: event.type,
          channelId: event.channel_id,
          createdAt: at.toISOString(),
          ...event.payload,
        } as TChatEvent,
        outboxed,
      );
    }
  }

  return {
    planBrandChannel,
    insertBrandChannels,
    brandChannelsOf,
    brandChannelRecipients,
    refreshBrandChannel,
    seatBrandChannel,
    seatBrandChannels,
  };
}
