import { firstLinkUrl, type TFileInfo, type TLinkPreview, type TMessage } from "@parley/contract";
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { createBatchLoader } from "../../batch-loader";
import { type Database, type Db, rowsOf } from "../../db/client";
import { notBlockedBy } from "../chat-users";
import { toMessages } from "./mapping";
import { type MessageRow, messages } from "./schema";

/** The sender of a message (none for an admin message), as a subquery of chat user ids another module filters by. */
export function messageSenderIds(db: Db, messageId: string) {
  return db.select({ id: messages.senderId }).from(messages).where(eq(messages.id, messageId));
}

/** A message of a channel that is not deleted: its id and text. */
export async function findLiveMessage(
  db: Db,
  channelId: string,
  messageId: string,
): Promise<{ id: string; text: string } | undefined> {
  const [row] = await db
    .select({ id: messages.id, text: messages.text })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId), isNull(messages.deletedAt)))
    .limit(1);
  return row;
}

/**
 * When the first message a user sent to some channels (a subquery of channel ids) was stored, as a scalar subquery
 * for another module's statement. It is looked for channel by channel, from each channel's oldest message by seq,
 * so the index on (channel, seq) answers it without reading an app's whole history.
 */
export function firstUserMessageAt(channelIds: SQLWrapper): SQL<Date | string | null> {
  return sql`(
    select min(first.created_at) from ${channelIds} c
    cross join lateral (
      select m.created_at from ${messages} m
      where m.channel_id = c.id and m.sender_id is not null
      order by m.seq limit 1
    ) first
  )`;
}

/**
 * The last message of each channel among `channelIds` that has one not deleted, for channel lists. Hidden messages
 * and replies kept in their thread are not the channel's to show, so the last of the others is taken: read backwards
 * on (channel, seq), it is almost always the newest row. With `reader`, as that user sees it: not one sent by a user
 * they block. In a broadcast channel a member's message reaches only the owner, so it is the last message only for
 * them and its sender; without `reader` (events every member hears, the app's views) it is never. In a channel that
 * hides what was sent before a member joined (`readsMessage` of the channels module), a reader's last message is
 * one sent after their join (none for someone who is not a member, who would read nothing of it on joining), and
 * one every member hears of is one sent after the latest join. A shadowed message is the last message only for its
 * sender.
 */
export function lastMessagesOf(
  db: Db,
  channelIds: string[],
  reader?: { appId: string; chatUserId: string },
): Promise<MessageRow[]> {
  if (channelIds.length === 0) return Promise.resolve([]);
  const ids = sql.join(
    channelIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  // Each channel's newest message found by walking its (channel_id, seq) index backwards, a few rows a channel:
  // filtering every message of the page's channels instead costs as much as the channels hold.
  return db
    .select()
    .from(messages)
    .where(
      and(
        isNull(messages.deletedAt),
        sql`${messages.id} in (select last.id from unnest(array[${ids}]) as c(id)
          join channels ch on ch.id = c.id
          cross join lateral (select case when not ch.hide_messages_before_join then -1
            ${
              reader
                ? sql`else coalesce((select jm.joined_seq from channel_members jm
                    where jm.channel_id = c.id and jm.chat_user_id = ${reader.chatUserId}::uuid), ch.last_seq)`
                : sql`else coalesce((select max(jm.joined_seq) from channel_members jm where jm.channel_id = c.id), 0)`
            } end as seq) shown_after
          cross join lateral (select m.id from messages m where m.channel_id = c.id and m.seq > shown_after.seq
            and m.type <> 'hidden' and (m.parent_message_id is null or m.show_in_channel)
            and (ch.type <> 'broadcast' or m.sender_id is null or m.sender_id = ch.owner_id
              ${reader ? sql`or ch.owner_id = ${reader.chatUserId}::uuid or m.sender_id = ${reader.chatUserId}::uuid` : sql``})
            and (not m.shadowed ${reader ? sql`or m.sender_id = ${reader.chatUserId}::uuid` : sql``})
            ${reader ? sql`and ${notBlockedBy(reader, sql.raw("m.sender_id"))}` : sql``}
            order by m.seq desc limit 1) last)`,
      ),
    );
}

/**
 * Adds translations of `message.text` to the message, merged into those it has (two languages landing at once both
 * stay), and answers the message as it is now; null when it was deleted or its text edited meanwhile, since then
 * they translate a text the message no longer has.
 */
export async function addMessageTranslations(
  db: Db,
  channelId: string,
  message: { id: string; text: string },
  translations: Record<string, string>,
): Promise<TMessage | null> {
  const rows = await db
    .update(messages)
    .set({
      translations: sql`coalesce(${messages.translations}, '{}'::jsonb) || ${JSON.stringify(translations)}::jsonb`,
    })
    .where(
      and(
        eq(messages.id, message.id),
        eq(messages.channelId, channelId),
        eq(messages.text, message.text),
        isNull(messages.deletedAt),
      ),
    )
    .returning();
  return (await toMessages(db, rows))[0] ?? null;
}

/** A live message of a channel as stored, locked for the rest of the caller's transaction. */
async function lockLiveMessage(tx: Db, channelId: string, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId), isNull(messages.deletedAt)))
    .for("update")
    .limit(1);
  return row;
}

/**
 * Puts the preview of `link` on a message and answers the message's row as it is now; null when, since the fetch
 * began, the message was deleted, an edit changed its first link, or its sender removed that link's preview.
 */
export async function attachLinkPreview(
  tx: Db,
  channelId: string,
  messageId: string,
  link: string,
  preview: TLinkPreview,
): Promise<MessageRow | null> {
  const row = await lockLiveMessage(tx, channelId, messageId);
  if (!row || firstLinkUrl(row.text) !== link || row.linkPreviewRemovedUrl === link) return null;
  const [updated] = await tx.update(messages).set({ linkPreview: preview }).where(eq(messages.id, row.id)).returning();
  return updated ?? null;
}

/**
 * Puts a file's media reading (thumbnails landed in the background) on the message that carries the file, and
 * answers the row as it is now; null when the message was deleted or carries another file since.
 */
export async function attachFileMedia(
  tx: Db,
  channelId: string,
  messageId: string,
  file: TFileInfo,
): Promise<MessageRow | null> {
  const row = await lockLiveMessage(tx, channelId, messageId);
  if (!row || row.file?.url !== file.url) return null;
  const [updated] = await tx.update(messages).set({ file }).where(eq(messages.id, row.id)).returning();
  return updated ?? null;
}

/**
 * Takes a message's preview off and remembers its link as removed, so a fetch still under way does not put it back;
 * `check` sees the locked row first and may refuse. Answers the row before and after; null for no live message.
 */
export async function removeLinkPreview(
  tx: Db,
  channelId: string,
  messageId: string,
  check: (row: MessageRow) => void,
): Promise<{ before: MessageRow; after: MessageRow } | null> {
  const before = await lockLiveMessage(tx, channelId, messageId);
  if (!before) return null;
  check(before);
  const [after] = await tx
    .update(messages)
    .set({ linkPreview: null, linkPreviewRemovedUrl: firstLinkUrl(before.text) })
    .where(eq(messages.id, before.id))
    .returning();
  return after ? { before, after } : null;
}

/**
 * Who took part in a thread, by chat user id: the parent's sender and everyone who replied to it, each once. Read
 * on the thread index, so a long thread costs its replies' rows, never the channel's.
 */
export async function threadParticipantIds(db: Db, channelId: string, parentId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ senderId: messages.senderId })
    .from(messages)
    .where(
      and(
        eq(messages.channelId, channelId),
        isNull(messages.deletedAt),
        sql`(${messages.id} = ${parentId} or ${messages.parentMessageId} = ${parentId})`,
      ),
    );
  return rows.flatMap((row) => (row.senderId ? [row.senderId] : []));
}

/**
 * How soon after one of the moderation rules' history reads the next of its kind may start. Unspaced, a read started
 * whenever the one before came back, a few sends each at a moderate load, and each statement's own cost (its round
 * trip, its plan, its rows' parsing) was most of what the rules cost a send: at 3,000 sends a second, spaced reads
 * took the server's CPU for a moderated send from 187 to 162–169 µs and the machine's from 444 to 357–364 µs (decision
 * 0325). A send after a quiet moment is read at once; under load a moderated send waits at most this long more.
 */
const HISTORY_READ_SPACING_MS = 5;

/**
 * A sender's window of a channel's history, as the batch loaders of the moderation rules' reads key it. The time is
 * its milliseconds: written as an ISO string, it was a measurable part of every moderated send.
 */
function windowKey(channelId: string, senderId: string, since: Date, count: number): string {
  return `${channelId} ${senderId} ${since.getTime()} ${count}`;
}

/** The windows' keys as the four arrays the reads unnest: channels, senders, times (milliseconds) and counts. */
function windowParameters(keys: string[]): [string[], string[], number[], number[]] {
  const parts = keys.map((key) => key.split(" "));
  return [
    parts.map(([channelId = ""]) => channelId),
    parts.map(([, senderId = ""]) => senderId),
    parts.map(([, , since = "0"]) => Number(since)),
    parts.map(([, , , count = "0"]) => Number(count)),
  ];
}

/**
 * A user's messages in a channel since `since`, newest first, at most `limit`: the history a moderation rule on
 * repeats and floods counts. Deleted ones count too, so that deleting a burst does not make room for another.
 *
 * The sends of a moment are read together: each send's read of its sender's recent messages goes
 * into one statement with the others asked for while the event loop handles one round of input. A user's send on the
 * fast path is a fraction of one statement (the direct store gathers them), and a read of its own for each would
 * cost more than the send.
 */
export function createRecentMessagesReader(database: Database) {
  const loader = createBatchLoader<string, { id: string; text: string; at: Date }[]>(
    async (keys) => {
      // The time as milliseconds, a float the driver reads with parseFloat: read as a timestamp, each row's was parsed
      // from text with regular expressions, on every send of a rule that reads a sender's history.
      const rows = await database.query<{ i: number | string; id: string; text: string; at_ms: number | string }>(
        `select r.i, m.id, m.text, (extract(epoch from m.created_at) * 1000)::float8 as at_ms
           from unnest($1::uuid[], $2::uuid[], $3::float8[], $4::int[])
             with ordinality as r(channel_id, sender_id, since_ms, lim, i)
           cross join lateral (
             select id, text, created_at from messages
              where sender_id = r.sender_id and channel_id = r.channel_id
                and created_at > to_timestamp(r.since_ms / 1000)
              order by created_at desc
              limit r.lim
           ) m
          order by r.i, m.created_at desc`,
        windowParameters(keys),
      );
      const found = new Map<string, { id: string; text: string; at: Date }[]>(keys.map((key) => [key, []]));
      for (const row of rows) {
        found.get(keys[Number(row.i) - 1] ?? "")?.push({ id: row.id, text: row.text, at: new Date(Number(row.at_ms)) });
      }
      return found;
    },
    { max: 200, spacingMs: HISTORY_READ_SPACING_MS },
  );
  return async (channelId: string, senderId: string, since: Date, limit: number) =>
    (await loader.load(windowKey(channelId, senderId, since, limit))) ?? [];
}

/**
 * The flood rules' count: for each window (the four arrays of `windowParameters`), how many messages the sender sent
 * in the channel after its time, up to its cap. Ordered by time, so that the only index that gives the order and
 * the bound, the sender's `(sender_id, channel_id, created_at)`, is walked backwards to the cap: unordered, a small
 * table's plan walked the channel's `(channel_id, seq)` index from its first message with the sender and the time as
 * a filter, a whole channel's history for every send once the channel grows under that plan.
 */
export const RECENT_COUNT_STATEMENT = `select r.i, (select count(*) from (
    select 1 from messages
     where sender_id = r.sender_id and channel_id = r.channel_id
       and created_at > to_timestamp(r.since_ms / 1000)
     order by created_at desc
     limit r.cap) s)::int as n
  from unnest($1::uuid[], $2::uuid[], $3::float8[], $4::int[])
    with ordinality as r(channel_id, sender_id, since_ms, cap, i)`;

/**
 * How many messages a sender sent in a channel after a time, counted up to a cap: the flood rules' count, read with
 * the counts of other sends of the moment in one statement, on the same index as `createRecentMessagesReader`.
 */
export function createRecentCountReader(database: Database) {
  const loader = createBatchLoader<string, number>(
    async (keys) => {
      const rows = await database.query<{ i: number | string; n: number | string }>(
        RECENT_COUNT_STATEMENT,
        windowParameters(keys),
      );
      return new Map(rows.map((row) => [keys[Number(row.i) - 1] ?? "", Number(row.n)]));
    },
    { max: 200, spacingMs: HISTORY_READ_SPACING_MS },
  );
  return async (channelId: string, senderId: string, since: Date, cap: number) =>
    (await loader.load(windowKey(channelId, senderId, since, cap))) ?? 0;
}

/** How many messages a user has sent in the app, counted up to `cap` (what the caller needs to know, no more). */
export async function sentMessageCount(db: Db, senderId: string, cap: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*) as n from (select 1 from ${messages} where ${messages.senderId} = ${senderId} limit ${cap}) s`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** A user message as a replay of moderation rules reads it, with its channel's type and its sender's age. */
export interface ReplayRow {
  id: string;
  channelId: string;
  channelType: string;
  text: string;
  createdAt: Date;
  file: { name: string; mimeType: string; size: number } | null;
  mentionedUserIds: string[];
  sender: { id: string; userId: string; createdAt: Date } | null;
}

/** The app's last `limit` user messages not deleted, newest first, with their channels' types and their senders. */
export async function latestUserMessagesOf(db: Db, appId: string, limit: number): Promise<ReplayRow[]> {
  const rows = rowsOf<{
    id: string;
    channel_id: string;
    channel_type: string;
    text: string;
    created_at: Date | string;
    file: { name: string; mimeType: string; size: number } | null;
    mentioned_user_ids: string[] | null;
    sender_id: string;
    user_id: string;
    user_created_at: Date | string;
  }>(
    await db.execute(sql`
      select m.id, m.channel_id, c.type as channel_type, m.text, m.created_at, m.file, m.mentioned_user_ids,
        u.id as sender_id, u.user_id, u.created_at as user_created_at
      from ${messages} m
      join channels c on c.id = m.channel_id
      join chat_users u on u.id = m.sender_id
      where m.app_id = ${appId} and m.deleted_at is null
      order by m.created_at desc, m.seq desc, m.id desc
      limit ${limit}`),
  );
  return rows.map((row) => ({
    id: row.id,
    channelId: row.channel_id,
    channelType: row.channel_type,
    text: row.text,
    createdAt: new Date(row.created_at),
    file: row.file,
    mentionedUserIds: row.mentioned_user_ids ?? [],
    sender: { id: row.sender_id, userId: row.user_id, createdAt: new Date(row.user_created_at) },
  }));
}
