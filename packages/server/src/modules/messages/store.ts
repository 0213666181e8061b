import type { TMessage } from "@parley/contract";
import { sql } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import { type ChannelRow, concealedFrom, countsAsUnread, mentionCounting, unreadCounting } from "../channels";
import { blockerIdsOf } from "../chat-users";
import type { MetricsService } from "../metrics";
import type { MessageDraft } from "./draft";
import { messageBody } from "./mapping";

/**
 * Who hears of a message, by user id, when not every member does: a shadowed message's sender alone, a broadcast
 * member's message its audience. Undefined: the channel.
 */
export function audienceOf(draft: MessageDraft): string[] | undefined {
  if (draft.shadowed && draft.actor.kind === "user") return [draft.actor.user.userId];
  return draft.visibleTo;
}

/**
 * The mentioned users whose unread mentions a message adds to: none when it does not count as unread, nor in an open
 * channel, which counts nothing.
 */
function mentionsCounted(draft: MessageDraft): string[] {
  const mentioned = draft.mentionedUserIds ?? [];
  if (!countsAsUnread(draft) || draft.channel.type === "open") return [];
  // A broadcast member's message reaches the owner only.
  return draft.visibleTo ? mentioned.filter((id) => draft.visibleTo?.includes(id)) : mentioned;
}

/**
 * The sender's blockers among the channel's members, as common table expressions for the statement that stores a
 * message (after `stored`): `blockers` names them for the fan-out, which does not write the message to their
 * sockets, and their read counters move past it as the channel's unread counters do (see `unreadCounting`), so it
 * never counts as unread for them. A sender nobody blocks costs one index probe.
 */
function blockedCounting(draft: MessageDraft, senderId: string) {
  const { channel } = draft;
  const counts = countsAsUnread(draft) ? 1 : 0;
  // A broadcast member's message reaches the owner only, so only the owner's counter counts it.
  const countsPublic = counts === 1 && (channel.type !== "broadcast" || channel.ownerId === senderId) ? 1 : 0;
  return sql`, blockers as (
      select m.chat_user_id as id, u.user_id from channel_members m join chat_users u on u.id = m.chat_user_id
      where m.channel_id = ${channel.id} and m.chat_user_id in (${blockerIdsOf(draft.actor.app.id, senderId)})
    ), blocked_read as (
      update channel_members m set read_countable = m.read_countable + ${counts}::int,
        read_countable_public = m.read_countable_public + ${countsPublic}::int
      from blockers
      where exists (select 1 from stored) and m.channel_id = ${channel.id} and m.chat_user_id = blockers.id
    )`;
}

/**
 * A reply's mark on its thread, as common table expressions for the statement that stores the reply: the parent's
 * `reply_count` and `lastRepliedAt`, and the `thread.updated` event (and its outbox row) that tells the members.
 */
function threadCounting(appId: string, channelId: string, parentId: string, now: Date, outboxed: boolean) {
  return sql`thread as (
      update messages set reply_count = reply_count + 1, last_replied_at = ${now}
      where id = ${parentId} and channel_id = ${channelId} and exists (select 1 from stored)
      returning id, reply_count
    ), thread_event as (
      insert into chat_events (app_id, channel_id, type, payload, created_at)
      select ${appId}, ${channelId}, 'thread.updated',
        jsonb_build_object('messageId', thread.id::text, 'replyCount', thread.reply_count,
          'lastRepliedAt', ${now.toISOString()}::text),
        ${now}
      from thread
      returning id, payload
    ), thread_outboxed as (
      insert into event_outbox (app_id, event_id, event, created_at)
      select ${appId}, thread_event.id,
        thread_event.payload || jsonb_build_object('id', thread_event.id::text, 'type', 'thread.updated',
          'channelId', ${channelId}::text, 'createdAt', ${now.toISOString()}::text),
        ${now}
      from thread_event where ${outboxed}
    ),`;
}

/**
 * A poll's row, as a common table expression for the statement that stores its message (after `stored`), so the
 * message is never stored without its poll nor the poll without its message. Its question is the message's text as
 * the filters left it.
 */
function pollStoring(draft: MessageDraft, senderId: string | null, now: Date) {
  const poll = draft.poll as NonNullable<MessageDraft["poll"]>;
  return sql`, poll_row as (
      insert into polls (id, app_id, channel_id, message_id, creator_id, question, options, allows_multiple,
        anonymous, closes_at, created_at)
      select ${poll.id}::uuid, ${draft.actor.app.id}, ${draft.channel.id}, stored.id, ${senderId}::uuid, ${draft.text},
        ${JSON.stringify(poll.options)}::jsonb, ${poll.allowsMultiple}, ${poll.anonymous}, ${poll.closesAt},
        ${now}
      from stored
    )`;
}

/**
 * What stage 1 decided from the rows it read, asserted again by the statement that stores: the sender is a member
 * not muted at `now` nor shadow-banned in the channel (whose messages the full path shadows), the channel not
 * frozen, of the type the filters saw, and not split into subchannels. When any differs the statement stores
 * nothing, and the send takes the full path, which reads them and answers why.
 */
function guard(channel: ChannelRow, senderId: string, now: Date) {
  return sql`and type = ${channel.type} and not is_frozen and not (type = 'supergroup' and subchannel_enabled)
    and exists (select 1 from channel_members m where m.channel_id = ${channel.id} and m.chat_user_id = ${senderId}
      and (m.muted_until is null or m.muted_until <= ${now}) and not m.shadow_banned)`;
}

/**
 * Stage 4 of the pipeline for one message: the statement that stores it with everything that moves with it. The
 * send's fast path stores a user's message by the direct store's statement (direct-store.ts) and falls back to this
 * one guarded, so the two must keep the same rules; test/modules/messages/two-stores.test.ts holds them together.
 */
export function createMessageStore(ctx: Context, deps: { metrics: MetricsService }) {
  const { db } = ctx.database;
  return {
    /**
     * Stores a prepared message, its event and, when `outboxed`, the event's outbox row, in one statement of its
     * own: null when the channel is gone. The statement commits by itself, so the rows every message of the channel
     * and of the app's day updates (the channel's seq, the day's counters) stay locked only while the database
     * runs it, never across a round trip to this process; a busy channel's senders queue there for no longer. The
     * seq is taken under the channel's row lock, so seq has no gaps and no repeats; the sender's read mark moves
     * to the new message. A second message with the same sender and `clientMessageId` fails on its unique index,
     * which undoes the whole statement, seq included.
     */
    async store(
      batch: EventBatch,
      draft: MessageDraft,
      now: Date,
      outboxed: boolean,
      options: { guarded?: boolean } = {},
    ): Promise<TMessage | null> {
      const { actor, channel } = draft;
      const senderId = actor.kind === "user" ? actor.user.id : null;
      const body = messageBody(draft, now);
      const parentId = draft.parentMessageId ?? null;
      // A shadowed reply moves no count of its thread: the count is every reader's, and only its sender reads it.
      const countedParentId = draft.shadowed ? null : parentId;
      const visibleTo = audienceOf(draft);
      const rows = await ctx.database.prepared<{
        id: string;
        seq: number;
        event_id: string;
        thread_event_id?: string | null;
        reply_count?: number | null;
        hidden_from?: string[] | null;
      }>(sql`
        with next as (
          update channels set last_seq = last_seq + 1, ${unreadCounting({ ...draft, senderId })}
          where id = ${channel.id}
            ${options.guarded && senderId ? guard(channel, senderId, now) : sql``}
          returning last_seq, countable_seq, countable_public_seq
        ), stored as (
          insert into messages (app_id, channel_id, seq, type, text, sender_id, metadata, file, created_at,
            client_message_id, subchannel, custom_type, parent_message_id, show_in_channel, mentioned_user_ids,
            shadowed)
          select ${actor.app.id}, ${channel.id}, next.last_seq, ${draft.type}, ${draft.text}, ${senderId},
            ${JSON.stringify(draft.metadata)}::jsonb, ${draft.file ? JSON.stringify(draft.file) : null}::jsonb, ${now},
            ${draft.clientMessageId ?? null}, ${draft.subchannel ?? null}::int, ${draft.customType ?? null},
            ${parentId}::uuid, ${draft.showInChannel ?? false},
            ${draft.mentionedUserIds ? JSON.stringify(draft.mentionedUserIds) : null}::jsonb, ${draft.shadowed === true}
          from next
          returning id, seq
        ), read as (
          update channel_members set last_read_seq = stored.seq, read_countable = next.countable_seq,
            read_countable_public = next.countable_public_seq, unread_mentions = 0
          from stored, next
          where channel_id = ${channel.id} and chat_user_id = ${senderId}
        ) ${draft.poll ? pollStoring(draft, senderId, now) : sql``} ${senderId ? blockedCounting(draft, senderId) : sql``}
        ${mentionCounting(actor.app.id, channel.id, senderId, mentionsCounted(draft))}, event as (
          insert into chat_events (app_id, channel_id, type, payload, created_at)
          select ${actor.app.id}, ${channel.id}, 'message.created',
            jsonb_build_object('message', ${JSON.stringify(body)}::jsonb || jsonb_build_object('id', stored.id, 'seq', stored.seq)
              ${body.poll ? sql`|| jsonb_build_object('poll', ${JSON.stringify(body.poll)}::jsonb || jsonb_build_object('messageId', stored.id))` : sql``})
              || ${JSON.stringify(visibleTo ? { visibleTo } : {})}::jsonb,
            ${now}
          from stored
          returning id, payload
        ), outboxed as (
          insert into event_outbox (app_id, event_id, event, created_at)
          select ${actor.app.id}, event.id,
            event.payload || jsonb_build_object('id', event.id::text, 'type', 'message.created',
              'channelId', ${channel.id}::text, 'createdAt', ${now.toISOString()}::text)
              ${draft.shadowed ? sql`|| jsonb_build_object('message', event.payload->'message' || '{"shadowed": true}'::jsonb)` : sql``},
            ${now}
          from event where ${outboxed}
        ), ${countedParentId ? threadCounting(actor.app.id, channel.id, countedParentId, now, outboxed) : sql``}
        ${deps.metrics.messageCounting(actor.app.id, senderId, now, "stored")}
        select stored.id, stored.seq, event.id as event_id
          ${countedParentId ? sql`, (select id from thread_event) as thread_event_id, (select reply_count from thread) as reply_count` : sql``}
          ${senderId ? sql`, (select jsonb_agg(user_id) from blockers) as hidden_from` : sql``}
        from stored, event`);
      const row = rows[0];
      if (!row) return null;
      if (countedParentId && row.thread_event_id != null) {
        // The parent may be one a later member's history does not show (a channel that hides what came before
        // they joined, another member's in a broadcast channel): its new count is not theirs to hear. Read only
        // where such members can be, so a reply elsewhere stays one statement.
        const concealed =
          channel.hideMessagesBeforeJoin || channel.type === "broadcast"
            ? await concealedFrom(db, channel.id, countedParentId)
            : null;
        batch.storedWithOutbox(
          actor.app.id,
          {
            id: String(row.thread_event_id),
            type: "thread.updated",
            channelId: channel.id,
            createdAt: now.toISOString(),
            messageId: countedParentId,
            replyCount: Number(row.reply_count),
            lastRepliedAt: now.toISOString(),
          },
          outboxed,
          concealed,
        );
      }
      const stored: TMessage = {
        id: row.id,
        seq: Number(row.seq),
        ...body,
        ...(body.poll ? { poll: { ...body.poll, messageId: row.id } } : {}),
      };
      batch.storedWithOutbox(
        actor.app.id,
        {
          id: String(row.event_id),
          type: "message.created",
          channelId: channel.id,
          createdAt: now.toISOString(),
          // Marked for the app's side of the bus (the dashboard's observers, live tails); the fan-out unmarks it
          // for the sender's sockets, and the sender's answer is `stored` as it is.
          message: draft.shadowed ? { ...stored, shadowed: true } : stored,
          ...(visibleTo ? { visibleTo } : {}),
        },
        outboxed,
        row.hidden_from,
      );
      return stored;
    },
  };
}
