import { type AnyColumn, and, eq, gt, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { blockerIdsOf, notBlockedBy } from "../chat-users";
import { type ChannelMemberRow, type ChannelRow, channelMembers, channels } from "./schema";

/** What other modules need of a channel to speak about it: its name, type, creation time and brand. */
export async function findChannelSummary(db: Db, appId: string, channelId: string) {
  const [row] = await db
    .select({
      id: channels.id,
      name: channels.name,
      type: channels.type,
      createdAt: channels.createdAt,
      brandId: channels.brandId,
    })
    .from(channels)
    .where(and(eq(channels.id, channelId), eq(channels.appId, appId)))
    .limit(1);
  return row;
}

/**
 * Whether the channel `channelId` names still exists, as a condition of another module's statement: chat events name
 * their channel without a foreign key and outlive it.
 */
export const channelExists = (channelId: AnyColumn | SQL): SQL =>
  sql`exists (select 1 from ${channels} where ${channels.id} = ${channelId})`;

/**
 * The chat user ids of a channel's members (of one subchannel, when given), as a subquery another module's query
 * filters by.
 */
export function channelMemberIds(db: Db, channelId: string, subchannel?: number) {
  return db
    .select({ id: channelMembers.chatUserId })
    .from(channelMembers)
    .where(
      subchannel === undefined
        ? eq(channelMembers.channelId, channelId)
        : and(eq(channelMembers.channelId, channelId), eq(channelMembers.subchannel, subchannel)),
    );
}

/** Whether the user is a member of the app's channel now. */
export async function isChannelMember(db: Db, appId: string, channelId: string, chatUserId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: channelMembers.chatUserId })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(
      and(
        eq(channelMembers.channelId, channelId),
        eq(channelMembers.chatUserId, chatUserId),
        eq(channels.appId, appId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/**
 * A member's unread messages in a channel (a row of `channel_members` joined to its channel), from the counters the
 * store statement keeps: no count over messages. A member of a broadcast channel counts only what reaches everyone;
 * its owner, and members elsewhere, everything but hidden messages. Their own messages moved their read mark. An
 * open channel counts nothing: a live event's stream is followed, not caught up with.
 */
const unreadOfMember = sql<number>`greatest(case
  when ${channels.type} = 'open' then 0
  when ${channels.type} = 'broadcast' and ${channels.ownerId} is distinct from ${channelMembers.chatUserId}
    then ${channels.countablePublicSeq} - ${channelMembers.readCountablePublic}
  else ${channels.countableSeq} - ${channelMembers.readCountable} end, 0)`;

/** A member's unread mentions in a channel, as {@link unreadOfMember} reads them: none in an open channel. */
const unreadMentionsOfMember = sql<number>`case when ${channels.type} = 'open' then 0
  else ${channelMembers.unreadMentions} end`;

/**
 * Whether a stored message (`alias` names the `messages` row) counts toward unread counts: hidden messages, replies
 * kept to their thread and shadowed messages (whose sender's read mark moves past them) do not. The store statements
 * count the same messages (see `countsAsUnread`).
 */
export const countableMessage = (alias: string) =>
  sql.raw(
    `(${alias}.type <> 'hidden' and (${alias}.parent_message_id is null or ${alias}.show_in_channel)
      and not ${alias}.shadowed)`,
  );

interface CountedMessage {
  type: string;
  parentMessageId?: string | undefined;
  showInChannel?: boolean | undefined;
  shadowed?: boolean | undefined;
}

/** Whether a message about to be stored counts toward unread counts, as {@link countableMessage} says of stored ones. */
export const countsAsUnread = (message: CountedMessage) =>
  message.type !== "hidden" && (!message.parentMessageId || message.showInChannel === true) && !message.shadowed;

/**
 * The assignments of an `update channels` that stores one message: the unread counters move as
 * {@link countableMessage} and `setReadMark` count. A message counts for everyone unless it is hidden or a reply kept
 * to its thread; in a broadcast channel a member's message does not reach the other members, so it counts only for
 * the owner.
 */
export function unreadCounting(message: CountedMessage & { senderId: string | null }) {
  const counts = countsAsUnread(message) ? 1 : 0;
  return sql`countable_seq = countable_seq + ${counts}::int,
    countable_public_seq = countable_public_seq + (case when ${counts}::int = 1 and (type <> 'broadcast'
      or ${message.senderId}::uuid is null or owner_id = ${message.senderId}::uuid) then 1 else 0 end)`;
}

/**
 * A common table expression for the statement that stores a message (after `stored`): each member among
 * `userIds` other than the sender and those who block the sender gets one more unread mention. A write per
 * mentioned member, at most `MENTIONED_USERS_MAX`, never one per member of the channel.
 */
export function mentionCounting(appId: string, channelId: string, senderId: string | null, userIds: string[]) {
  if (userIds.length === 0) return sql``;
  return sql`, mentioned as (
    update channel_members cm set unread_mentions = cm.unread_mentions + 1
    from chat_users cu
    where exists (select 1 from stored) and cm.channel_id = ${channelId} and cm.chat_user_id = cu.id
      and cu.app_id = ${appId}
      and cu.user_id in (select jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))
      and cm.chat_user_id is distinct from ${senderId}::uuid
      ${senderId ? sql`and cm.chat_user_id not in (${blockerIdsOf(appId, senderId)})` : sql``}
  )`;
}

/** A member's unread counts in a channel. */
export interface UnreadCounts {
  unreadCount: number;
  unreadMentionCount: number;
}

/** The unread counts of a user in each of `channelIds` they belong to. */
export async function unreadOf(db: Db, chatUserId: string, channelIds: string[]): Promise<Map<string, UnreadCounts>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: channelMembers.channelId,
      unread: unreadOfMember,
      mentions: unreadMentionsOfMember,
    })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(and(eq(channelMembers.chatUserId, chatUserId), inArray(channelMembers.channelId, channelIds)));
  return new Map(rows.map((r) => [r.id, { unreadCount: Number(r.unread), unreadMentionCount: Number(r.mentions) }]));
}

/** A user's unread totals over all their channels: one pass over their memberships, none over messages. */
export async function unreadTotals(db: Db, chatUserId: string, except: readonly string[] = []) {
  const [row] = await db
    .select({
      unread: sql<number>`coalesce(sum(${unreadOfMember}), 0)::int`,
      mentions: sql<number>`coalesce(sum(${unreadMentionsOfMember}), 0)::int`,
      channels: sql<number>`count(*) filter (where ${unreadOfMember} > 0)::int`,
    })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(
      and(
        eq(channelMembers.chatUserId, chatUserId),
        except.length === 0 ? undefined : notInArray(channelMembers.channelId, [...except]),
      ),
    );
  return {
    unreadCount: Number(row?.unread ?? 0),
    unreadMentionCount: Number(row?.mentions ?? 0),
    channels: Number(row?.channels ?? 0),
  };
}

/** Unread messages across each user's channels, by the same counters as {@link unreadOf}. */
export async function unreadCounts(db: Db, chatUserIds: string[]): Promise<Map<string, number>> {
  if (chatUserIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: channelMembers.chatUserId,
      unread: sql<number>`coalesce(sum(${unreadOfMember}), 0)::int`,
    })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(inArray(channelMembers.chatUserId, chatUserIds))
    .groupBy(channelMembers.chatUserId);
  return new Map(rows.map((r) => [r.id, Number(r.unread)]));
}

/** The names of some of an app's channels, by id; ids of other apps' channels are left out. */
export async function findChannelNames(db: Db, appId: string, channelIds: string[]): Promise<Map<string, string>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .select({ id: channels.id, name: channels.name })
    .from(channels)
    .where(and(eq(channels.appId, appId), inArray(channels.id, channelIds)));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The ids of an app's channels, as a subquery another module's statement reads. */
export function channelIdsOf(db: Db, appId: string) {
  return db.select({ id: channels.id }).from(channels).where(eq(channels.appId, appId));
}

/** The ids of the channels a user belongs to, as a subquery another module's query filters by. */
export function channelIdsOfMember(db: Db, chatUserId: string) {
  return db
    .select({ id: channelMembers.channelId })
    .from(channelMembers)
    .where(eq(channelMembers.chatUserId, chatUserId));
}

/** A user's subchannel in the channel `channelId` names (a column of the outer query), as a scalar subquery. */
export function subchannelOfMember(db: Db, channelId: AnyColumn, chatUserId: string) {
  return db
    .select({ subchannel: channelMembers.subchannel })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.chatUserId, chatUserId)));
}

/**
 * Moves a member's read mark forward to `seq`, with the unread counters as of it: the channel's counters less the
 * countable messages after `seq`, which are counted here, once per read mark and only over what stays unread
 * (nothing, when the member read up to the last message). Deleted messages count as they did when sent. One
 * statement, so the counters and the messages after `seq` are read at one moment.
 */
export async function setReadMark(db: Db, channelId: string, chatUserId: string, seq: number): Promise<void> {
  // Messages of senders the member blocks never counted for them (see `blockedCounting` of the store statement).
  const unblocked = notBlockedBy({ appId: channels.appId, chatUserId }, sql.raw("m.sender_id"));
  const after = sql`(select count(*)::int from messages m where m.channel_id = ${channels.id} and m.seq > ${seq}
    and ${countableMessage("m")} and ${unblocked}`;
  await db
    .update(channelMembers)
    .set({
      lastReadSeq: seq,
      readCountable: sql`${channels.countableSeq} - ${after})`,
      readCountablePublic: sql`${channels.countablePublicSeq} - ${after} and (${channels.type} <> 'broadcast'
        or m.sender_id is null or m.sender_id = ${channels.ownerId}))`,
      // Mentions after the mark stay unread: counted here like the countable messages.
      unreadMentions: sql`(select count(*)::int from messages m where m.channel_id = ${channels.id} and m.seq > ${seq}
        and ${countableMessage("m")} and m.sender_id is distinct from ${chatUserId}::uuid and ${unblocked}
        and m.mentioned_user_ids @> to_jsonb((select cu.user_id from chat_users cu where cu.id = ${chatUserId}::uuid)))`,
    })
    .from(channels)
    .where(
      and(
        eq(channels.id, channelMembers.channelId),
        eq(channelMembers.channelId, channelId),
        eq(channelMembers.chatUserId, chatUserId),
      ),
    );
}

/**
 * What of a channel's history a member reads, as a condition on messages (`seq`, `senderId` and `shadowed` name its
 * columns): nothing sent before they joined when the channel hides it, in a broadcast channel, unless they own it,
 * the owner's and the app's messages and their own, and of shadowed messages only their own. Undefined: everything.
 * Without `shadowed` the condition leaves shadowed messages to the caller's own statement (a reaction's, which finds
 * its target with them), so that it needs no query where the channel's history is whole.
 */
export function historyScope(
  channel: ChannelRow,
  member: Pick<ChannelMemberRow, "chatUserId" | "joinedSeq">,
  columns: { seq: AnyColumn; senderId: AnyColumn; shadowed?: AnyColumn },
): SQL | undefined {
  const conditions: SQL[] = [];
  if (columns.shadowed)
    conditions.push(or(eq(columns.shadowed, false), eq(columns.senderId, member.chatUserId)) as SQL);
  if (channel.hideMessagesBeforeJoin) conditions.push(gt(columns.seq, member.joinedSeq));
  if (channel.type === "broadcast" && channel.ownerId !== member.chatUserId) {
    const own = eq(columns.senderId, member.chatUserId);
    conditions.push(
      or(isNull(columns.senderId), own, channel.ownerId ? eq(columns.senderId, channel.ownerId) : undefined) as SQL,
    );
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * {@link historyScope} in SQL, over the aliases of a statement that joins a channel, one of its member rows and a
 * message: whether that member's history shows the message. Every road a message leaves the server by for a member
 * (events, catch-up, push) asks this, so that none hands them what their history would not.
 */
export function readsMessage(alias: { channel: string; member: string; message: string }): SQL {
  const [c, cm, m] = [sql.raw(alias.channel), sql.raw(alias.member), sql.raw(alias.message)];
  // Null owners and senders would make the whole condition null, which `not` keeps null: coalesced to "no".
  return sql`coalesce((not ${c}.hide_messages_before_join or ${m}.seq > ${cm}.joined_seq)
    and (not ${m}.shadowed or ${m}.sender_id = ${cm}.chat_user_id)
    and (${c}.type <> 'broadcast' or ${c}.owner_id = ${cm}.chat_user_id or ${m}.sender_id is null
      or ${m}.sender_id = ${cm}.chat_user_id or ${m}.sender_id = ${c}.owner_id), false)`;
}

/**
 * The members of a channel whose history does not show a message, as user ids: who an event about that message
 * (an edit, a deletion, a reaction, a pin, a thread's new count, a translation) is kept from: all but the sender for
 * a shadowed message. Nothing is read member by member where the channel's history is whole for everyone.
 */
export async function concealedFrom(db: Db, channelId: string, messageId: string): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select u.user_id from channels c
        join messages m on m.id = ${messageId}::uuid and m.channel_id = c.id
        join channel_members cm on cm.channel_id = c.id
        join chat_users u on u.id = cm.chat_user_id
      where c.id = ${channelId}::uuid and (c.hide_messages_before_join or c.type = 'broadcast' or m.shadowed)
        and not ${readsMessage({ channel: "c", member: "cm", message: "m" })}`),
  );
  return rows.map((row) => row.user_id);
}

/** Whether a member's history shows a message of the channel (false for a user who is not a member). */
export async function readsMessageOf(db: Db, channelId: string, chatUserId: string, messageId: string) {
  const rows = rowsOf<{ reads: boolean }>(
    await db.execute(sql`
      select ${readsMessage({ channel: "c", member: "cm", message: "m" })} as reads from channels c
        join messages m on m.id = ${messageId}::uuid and m.channel_id = c.id
        join channel_members cm on cm.channel_id = c.id and cm.chat_user_id = ${chatUserId}::uuid
      where c.id = ${channelId}::uuid`),
  );
  return rows[0]?.reads === true;
}

/**
 * The chat user ids of a channel's members whose history shows a message, as a subquery another module's query
 * filters by (who is pushed its deletion).
 */
export function messageReaderIds(channelId: string, messageId: string): SQL {
  return sql`(select cm.chat_user_id from channel_members cm
    join channels c on c.id = cm.channel_id
    join messages m on m.id = ${messageId}::uuid and m.channel_id = c.id
    where cm.channel_id = ${channelId}::uuid and ${readsMessage({ channel: "c", member: "cm", message: "m" })})`;
}

/**
 * The catch-up counterpart of {@link historyScope}, as a condition on stored events (`payload` and `channelId` name
 * their columns): a broadcast member's message only for those it reached, and no event about a message the user's
 * history does not show (one sent before they joined a channel that hides that, another member's in a broadcast
 * channel), whether the event carries the message or names it.
 */
export function catchUpScope(
  chatUserId: string,
  userId: string,
  columns: { payload: AnyColumn; channelId: AnyColumn },
): SQL {
  const { payload, channelId } = columns;
  return sql`(${payload}->'visibleTo' is null or ${payload}->'visibleTo' @> to_jsonb(${userId}::text))
    and not exists (select 1 from channel_members jm join channels jc on jc.id = jm.channel_id
      where jm.channel_id = ${channelId} and jm.chat_user_id = ${chatUserId} and jc.hide_messages_before_join
        and (${payload}->'message'->>'seq')::int <= jm.joined_seq)
    and not exists (select 1 from channel_members jm join channels jc on jc.id = jm.channel_id
      join messages jmsg on jmsg.channel_id = jc.id
        and jmsg.id = (select case when ref ~ '^[0-9a-f-]{36}$' then ref::uuid end
          from coalesce(${payload}->'message'->>'id', ${payload}->>'messageId') as ref)
      where jm.channel_id = ${channelId} and jm.chat_user_id = ${chatUserId}
        and (jc.hide_messages_before_join or jc.type = 'broadcast' or jmsg.shadowed)
        and not ${readsMessage({ channel: "jc", member: "jm", message: "jmsg" })})`;
}
