import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
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

/** The last message of each channel among `channelIds` that has one not deleted, for channel lists. */
export function lastMessagesOf(db: Db, channelIds: string[]): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(
      and(
        inArray(messages.channelId, channelIds),
        isNull(messages.deletedAt),
        sql`${messages.seq} = (select c.last_seq from channels c where c.id = ${messages.channelId})`,
      ),
    );
}
