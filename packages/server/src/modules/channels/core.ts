import { Errors, type TChannel, type TMessage, type TPermission } from "@parley/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { createTtlCache } from "../../cache";
import type { Bus } from "../../chat/bus";
import { EventBatch } from "../../chat/events";
import type { Outbox } from "../../chat/outbox";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import { AppError } from "../../errors";
import type { AppRow } from "../apps";
import { type ChatUserRow, findChatUsersByIds, findChatUsersByUserIds } from "../chat-users";
import type { PermissionService } from "../permissions";
import { createBrandChannels } from "./brand-channels";
import { concealedFrom, type UnreadCounts, unreadOf } from "./queries";
import { unreadableAmong } from "./readers";
import { channelFeatures } from "./rows";
import { type ChannelRow, channelBans, channelMembers, channels, channelTags } from "./schema";
import { placeMembers } from "./subchannels";

/**
 * Who is acting. `server` is an app's backend with an API key; `admin` is the dashboard; `user` is an end user
 * with a chat session. Servers and admins may moderate any channel of their app; users only their own.
 */
export type Actor = { kind: "server" | "admin"; app: AppRow } | { kind: "user"; app: AppRow; user: ChatUserRow };

const NOTHING_UNREAD: UnreadCounts = { unreadCount: 0, unreadMentionCount: 0 };

/** How long a send's fast path trusts a channel it read; see `channelForSend`. */
const SEND_SHAPE_MS = 60_000;

export const isPrivileged = (actor: Actor) => actor.kind !== "user";

export type { BrandRef } from "./brand-channels";

/**
 * What channels read of messages. Messages come after channels (a message belongs to a channel), so the composition
 * hands in the messages module's reads rather than the channels module importing it.
 */
export interface ChannelMessageReads {
  /** The last message of each of the channels, as `viewer` (or, without one, every member) may see it. */
  lastMessages(q: Db, channelIds: string[], viewer?: { appId: string; chatUserId: string }): Promise<TMessage[]>;
  /** A message of the channel that is not deleted. */
  findLive(q: Db, channelId: string, messageId: string): Promise<{ id: string } | undefined>;
}

export interface ChannelCoreDeps {
  bus: Bus;
  /** Roles and permissions: every action of a user on a channel is checked by it (decision 0281). */
  permissions: PermissionService;
  outbox: Outbox;
  messages: ChannelMessageReads;
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
    const lastMessages = new Map((await deps.messages.lastMessages(q, ids, viewer)).map((m) => [m.channelId, m]));
    const ownerIds = new Map(owners.map((o) => [o.id, o.userId]));
    const unread = reader ? await unreadOf(q, reader, ids) : new Map<string, UnreadCounts>();
    // Where the reader's roles do not grant `read`, the channel shows none of its messages, nor counts them unread.
    const unreadable = reader
      ? await unreadableAmong(deps.permissions, q, (rows[0] as ChannelRow).appId, { id: reader }, rows)
      : new Set<string>();
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
      lastMessage: unreadable.has(r.id) ? null : (lastMessages.get(r.id) ?? null),
      createdAt: r.createdAt.toISOString(),
      ...channelFeatures(r),
      ...(unreadable.has(r.id) && unread.has(r.id) ? NOTHING_UNREAD : unread.get(r.id)),
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
    if (!row || row.appId !== app.id) throw new AppError(Errors.CHANNEL_NOT_FOUND);
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
  // Except slow mode, which the fast path does not check in the database but leaves to the full path: a channel's
  // change, heard on the bus by every process, drops its row, so slow mode turned on binds the next send.
  deps.bus.subscribe((message) => {
    if ("event" in message && message.event.type === "channel.changed") sendShapes.invalidate(message.event.channelId);
  });

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
    if (!row) throw new AppError(Errors.CHANNEL_NOT_FOUND);
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
    if (!row) throw new AppError(Errors.CHANNEL_NOT_FOUND);
    return row;
  }

  /** The stored channel roles of those of `chatUserIds` who are members of the channel. */
  async function memberRolesIn(channelId: string, chatUserIds: readonly string[]): Promise<Map<string, string>> {
    if (chatUserIds.length === 0) return new Map();
    const rows = await db
      .select({ chatUserId: channelMembers.chatUserId, role: channelMembers.role })
      .from(channelMembers)
      .where(and(eq(channelMembers.channelId, channelId), inArray(channelMembers.chatUserId, [...chatUserIds])));
    return new Map(rows.map((row) => [row.chatUserId, row.role]));
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

  /**
   * The one check of what a user may do to a channel (decision 0281): their app role's grants, then their channel
   * role's, whose membership is read only when the app role falls short. Inside a transaction pass `tx`.
   */
  async function requirePermission(actor: Actor, channel: ChannelRow, permission: TPermission, q: Db = db) {
    if (actor.kind !== "user") return;
    const memberRole = async () => (await membership(q, channel.id, actor.user.id))?.role ?? null;
    await deps.permissions.require(actor, channel, permission, memberRole, q);
  }

  /** Handing the channel on stays its owner's (or the app's): no role grants it. */
  function requireOwner(actor: Actor, channel: ChannelRow): void {
    if (actor.kind === "user" && channel.ownerId !== actor.user.id) throw new AppError(Errors.NOT_CHANNEL_OWNER);
  }

  async function addMemberRows(tx: Db, channel: ChannelRow, users: ChatUserRow[], batch: EventBatch, at: Date) {
    const fresh: ChatUserRow[] = [];
    for (const user of users) {
      if (await isBanned(tx, channel.id, user.id)) throw new AppError(Errors.UNBAN_BEFORE_ADD);
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
    if (channel.memberLimit !== null && total > channel.memberLimit) throw new AppError(Errors.CHANNEL_FULL);
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
    if (rows.length !== unique.length) throw new AppError(Errors.CHAT_USER_NOT_FOUND);
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

  /** The users who are members of any of `channelIds`. */
  async function memberIdsOf(tx: Db, channelIds: string[]): Promise<Set<string>> {
    if (channelIds.length === 0) return new Set();
    const rows = await tx
      .select({ chatUserId: channelMembers.chatUserId })
      .from(channelMembers)
      .where(inArray(channelMembers.channelId, channelIds));
    return new Set(rows.map((row) => row.chatUserId));
  }

  return {
    toChannels,

    toChannel,
    requireChannel,
    requireChannelWithMember,
    channelForSend,
    lockChannel,
    membership,
    memberRolesIn,
    isBanned,
    requirePermission,
    requireOwner,
    /** The roles and permissions the channel's checks read; messages and calls check through it too. */
    permissions: deps.permissions,
    addMemberRows,
    removeMemberRow,
    usersByIds,
    channelChanged,
    mutate,
    ...createBrandChannels(db, { lockChannel, membership, addMemberRows, channelChanged, toChannel }),
    memberIdsOf,
    /** A batch for a writer that stores its events itself, outside `mutate`. */
    newBatch: () => new EventBatch(deps.outbox, concealedFrom),
    messages: deps.messages,
  };
}

export type ChannelCore = ReturnType<typeof createChannelCore>;
