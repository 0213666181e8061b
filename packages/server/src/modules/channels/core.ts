import { randomUUID } from "node:crypto";
import type { TChannel, TChatEvent } from "@parley/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import type { Bus } from "../../chat/bus";
import { EventBatch } from "../../chat/events";
import type { Outbox } from "../../chat/outbox";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import { type ChatUserRow, findChatUsersByIds, findChatUsersByUserIds } from "../chat-users";
import { lastMessagesOf, toMessages } from "../messages";
import { concealedFrom, type UnreadCounts, unreadOf } from "./queries";
import { type ChannelRow, channelBans, channelMembers, channels, channelTags, SUBCHANNEL_DEFAULTS } from "./schema";
import { placeMembers } from "./subchannels";

/**
 * Who is acting. `server` is an app's backend with an API key; `admin` is the dashboard; `user` is an end user
 * with a chat session. Servers and admins may moderate any channel of their app; users only their own.
 */
export type Actor = { kind: "server" | "admin"; app: AppRow } | { kind: "user"; app: AppRow; user: ChatUserRow };

/** How long a send's fast path trusts a channel it read; see `channelForSend`. */
const SEND_SHAPE_MS = 60_000;

export const isPrivileged = (actor: Actor) => actor.kind !== "user";

/** What a brand channel is named and pictured after. */
export interface BrandRef {
  id: string;
  name: string;
  imageUrl: string;
}

export interface ChannelCoreDeps {
  bus: Bus;
  outbox: Outbox;
}

/**
 * What the channel, member and moderation services share: reading channels as the API shows them, the locks and
 * membership rows every change goes through, and `mutate`, which publishes a change's events once it commits.
 */
export function createChannelCore(ctx: Context, deps: ChannelCoreDeps) {
  const { db } = ctx.database;

  /**
   * Inside a transaction pass `tx`: on PGlite's single connection a query outside it would wait forever. With
   * `reader`, each channel it belongs to carries the reader's unread counts.
   */
  async function toChannels(rows: ChannelRow[], q: Db = db, reader?: string): Promise<TChannel[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    // One after another: inside a transaction `q` is a single connection, which runs one query at a time.
    const tags = await q
      .select()
      .from(channelTags)
      .where(inArray(channelTags.channelId, ids))
      .orderBy(asc(channelTags.tag));
    const ownerRowIds = rows.map((r) => r.ownerId).filter((v): v is string => v !== null);
    const owners = await findChatUsersByIds(q, ownerRowIds);
    // A reader's list shows no last message from a user they block.
    const viewer = reader ? { appId: (rows[0] as ChannelRow).appId, chatUserId: reader } : undefined;
    const lasts = await lastMessagesOf(q, ids, viewer);
    const lastMessages = new Map((await toMessages(q, lasts)).map((m) => [m.channelId, m]));
    const ownerIds = new Map(owners.map((o) => [o.id, o.userId]));
    const unread = reader ? await unreadOf(q, reader, ids) : new Map<string, UnreadCounts>();
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
      ...channelFeatures(r),
      ...unread.get(r.id),
    }));
  }
  const toChannel = async (row: ChannelRow, q: Db = db, reader?: string) =>
    (await toChannels([row], q, reader))[0] as TChannel;

  async function requireChannel(app: Pick<AppRow, "id">, channelId: string, tx: Db = db): Promise<ChannelRow> {
    // Outside a transaction (every message the app's servers send reads this first) through the statement
    // prepared once; a transaction's read goes through its own connection.
    const [row] =
      tx === db
        ? await channelById.execute({ channelId })
        : await tx
            .select()
            .from(channels)
            .where(and(eq(channels.id, channelId), eq(channels.appId, app.id)))
            .limit(1);
    if (!row || row.appId !== app.id) throw new AppError("3007");
    return row;
  }

  /** The channel and, read with it, `chatUserId`'s membership row: null when not a member. */
  // Every message a user sends reads this first: prepared once, not built and planned on every send.
  const channelWithMember = db
    .select({ channel: channels, member: channelMembers })
    .from(channels)
    .leftJoin(
      channelMembers,
      and(eq(channelMembers.channelId, channels.id), eq(channelMembers.chatUserId, sql.placeholder("chatUserId"))),
    )
    .where(and(eq(channels.id, sql.placeholder("channelId")), eq(channels.appId, sql.placeholder("appId"))))
    .limit(1)
    .prepare("channel_with_member");

  /**
   * Channels as a send's fast path sees them, read at most once a minute. A stale row is harmless there: the guarded
   * store checks in the database everything the send depends on that can change (membership, mute, freeze, the
   * channel's type and subchannels), and stores nothing when any differs.
   */
  const sendShapes = createTtlCache<string, ChannelRow | null>(ctx.clock, SEND_SHAPE_MS, { refreshAhead: true });

  async function channelForSend(app: Pick<AppRow, "id">, channelId: string): Promise<ChannelRow | null> {
    const row = await sendShapes.get(channelId, async () => (await channelById.execute({ channelId }))[0] ?? null);
    return row && row.appId === app.id ? row : null;
  }

  const channelById = db
    .select()
    .from(channels)
    .where(eq(channels.id, sql.placeholder("channelId")))
    .limit(1)
    .prepare("channel_by_id");

  async function requireChannelWithMember(app: Pick<AppRow, "id">, channelId: string, chatUserId: string) {
    const [row] = await channelWithMember.execute({ chatUserId, channelId, appId: app.id });
    if (!row) throw new AppError("3007");
    return row;
  }

  /** Locks the channel row for the rest of the transaction: membership changes of one channel take turns. */
  async function lockChannel(tx: Db, app: Pick<AppRow, "id">, channelId: string): Promise<ChannelRow> {
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
        .values({
          channelId: channel.id,
          chatUserId: user.id,
          joinedAt: at,
          // A newcomer has read everything sent before: their unread count starts at nothing.
          lastReadSeq: channel.lastSeq,
          joinedSeq: channel.lastSeq,
          readCountable: channel.countableSeq,
          readCountablePublic: channel.countablePublicSeq,
        })
        .onConflictDoNothing()
        .returning({ id: channelMembers.chatUserId });
      if (inserted.length > 0) fresh.push(user);
    }
    const total = channel.memberCount + fresh.length;
    if (channel.memberLimit !== null && total > channel.memberLimit) throw new AppError("3024");
    await tx.update(channels).set({ memberCount: total }).where(eq(channels.id, channel.id));
    channel.memberCount = total;
    const placed = await placeMembers(
      tx,
      channel,
      fresh.map((user) => user.id),
    );
    for (const user of fresh) {
      const subchannel = placed.get(user.id);
      const body = subchannel === undefined ? { userId: user.userId } : { userId: user.userId, subchannel };
      await batch.record(tx, channel.appId, channel.id, "member.joined", body, at);
    }
  }

  async function removeMemberRow(tx: Db, channel: ChannelRow, user: ChatUserRow): Promise<boolean> {
    const removed = await tx
      .delete(channelMembers)
      .where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.chatUserId, user.id)))
      .returning({ id: channelMembers.chatUserId });
    if (removed.length === 0) return false;
    const patch: Partial<ChannelRow> = { memberCount: Math.max(0, channel.memberCount - 1) };
    // A distinct channel whose members changed no longer stands for its original set.
    if (channel.distinctKey !== null) patch.distinctKey = null;
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
    const rows = await findChatUsersByUserIds(tx, app.id, unique);
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
    const batch = new EventBatch(deps.outbox, concealedFrom);
    const result = await withTransaction(db, (tx) => work(tx, batch));
    await batch.publish(deps.bus);
    return result;
  }

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

  /** The users who are members of any of `channelIds`. */
  async function memberIdsOf(tx: Db, channelIds: string[]): Promise<Set<string>> {
    if (channelIds.length === 0) return new Set();
    const rows = await tx
      .select({ chatUserId: channelMembers.chatUserId })
      .from(channelMembers)
      .where(inArray(channelMembers.channelId, channelIds));
    return new Set(rows.map((row) => row.chatUserId));
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
    toChannels,

    toChannel,
    requireChannel,
    requireChannelWithMember,
    channelForSend,
    lockChannel,
    membership,
    isBanned,
    requireModerator,
    addMemberRows,
    removeMemberRow,
    usersByIds,
    channelChanged,
    mutate,
    planBrandChannel,
    insertBrandChannels,
    brandChannelsOf,
    brandChannelRecipients,
    memberIdsOf,
    refreshBrandChannel,
    seatBrandChannel,
    seatBrandChannels,
    /** A batch for a writer that stores its events itself, outside `mutate`. */
    newBatch: () => new EventBatch(deps.outbox, concealedFrom),
  };
}

export type ChannelCore = ReturnType<typeof createChannelCore>;

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
    ...channelFeatures(row),
  };
}

/** What a channel shows of its data, history option, distinctness and pins. */
function channelFeatures(row: ChannelRow) {
  return {
    data: row.data,
    hideMessagesBeforeJoin: row.hideMessagesBeforeJoin,
    isDistinct: row.distinctKey !== null,
    pinnedMessageIds: row.pinnedMessageIds,
  };
}
