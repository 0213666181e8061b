import { MESSAGE_TEXT_MAX, type TMessage, type TMessageType } from "@parley/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Bus } from "../../chat/bus";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import {
  type Actor,
  type ChannelMemberRow,
  type ChannelRow,
  type ChannelService,
  concealedFrom,
  countsAsUnread,
  historyScope,
  mentionCounting,
  unreadCounting,
} from "../channels";
import { blockerIdsOf } from "../chat-users";
import type { MetricsService } from "../metrics";
import { createDirectStore } from "./direct-store";
import { messageBody, toMessages } from "./mapping";
import { messages } from "./schema";

/**
 * The one path every message takes: a user's, an app server's, a file's caption, a campaign's bulk send. In order:
 *
 * 1. The channel's rules (`admit`): an active sender, a member, not banned, the channel not frozen, not muted; then
 *    the text's own bounds.
 * 2. Checks, alongside 1: the app's plan and trial quota (billing). They only read, and may refuse.
 * 3. Filters: the profanity filter, which may rewrite the text or refuse it.
 * 4. Store, with the counters: the message, its `message.created` event, its outbox row and the day's metrics
 *    counters (metrics) in one statement (`store`, or `storeMany` for a bulk send).
 * 5. Fan-out: once committed, the event is published on the bus; every process's gateway writes it to the sockets
 *    of the channel (chat/fanout.ts).
 * 6. Outbox consumers, after the commit and at least once: webhooks and push, which the outbox dispatcher
 *    (chat/outbox.ts) hands the stored event to.
 * 7. Translation, for a message sent with `translationLanguages`: handed on after fan-out and done in the
 *    background, so it never delays nor fails the send. Otherwise a reader asks for it per message.
 *
 * A read mark moving forward runs the `read` stage (a campaign's read receipts).
 */
export interface PipelineStages {
  /** 2: may refuse (plan and quota). */
  checks: ((draft: MessageDraft) => Promise<void>)[];
  /** 3: may rewrite or refuse (profanity). */
  filters: ((draft: MessageDraft) => Promise<MessageDraft>)[];
  /** After a user's read mark moved forward to `seq`; failures are logged. */
  read: ((channel: ChannelRow, chatUserId: string, seq: number, at: Date) => Promise<void>)[];
  /** 7: a stored message the sender wants in `languages`; failures are logged, never answered to the sender. */
  translate: ((appId: string, message: TMessage, request: TranslationRequest) => Promise<void>)[];
}

/** What a sender asked translations for, and who may hear of them (a broadcast member's message: its audience). */
export interface TranslationRequest {
  languages: string[];
  visibleTo?: string[];
  /** The text was edited: translations cached for the old text are not to be used. */
  isEdited?: boolean;
}

/** A message on its way through the pipeline, before it is stored. */
export interface MessageDraft {
  actor: Actor;
  channel: ChannelRow;
  type: TMessageType;
  text: string;
  metadata: Record<string, string>;
  file: { url: string; name: string; size: number; mimeType: string } | null;
  clientMessageId?: string;
  /** With type `custom`: the app's own kind of message. */
  customType?: string;
  /** A reply's thread, checked by `send` to be a live message of the channel that is not itself a reply. */
  parentMessageId?: string;
  showInChannel?: boolean;
  /** The sender's subchannel in a split super group: only its members get the message. */
  subchannel?: number;
  /** A broadcast channel member's message: the users it reaches (the sender and the owner). */
  visibleTo?: string[];
  /** The user IDs the message mentions. */
  mentionedUserIds?: string[];
}

export type MemberRow = ChannelMemberRow;

export interface SendInput {
  text: string;
  metadata?: Record<string, string>;
  file?: MessageDraft["file"];
  clientMessageId?: string | undefined;
  customType?: string | undefined;
  parentMessageId?: string | undefined;
  showInChannel?: boolean | undefined;
  mentionedUserIds?: string[] | undefined;
  translationLanguages?: string[] | undefined;
}

/** The mentioned users whose unread mentions a message adds to: none when it does not count as unread. */
function mentionsCounted(draft: MessageDraft): string[] {
  const mentioned = draft.mentionedUserIds ?? [];
  if (!countsAsUnread(draft)) return [];
  // A broadcast member's message reaches the owner only.
  return draft.visibleTo ? mentioned.filter((id) => draft.visibleTo?.includes(id)) : mentioned;
}

async function storedWithClientId(
  db: Db,
  channelId: string,
  senderId: string | null,
  clientMessageId: string,
): Promise<TMessage | null> {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.channelId, channelId),
        senderId ? eq(messages.senderId, senderId) : isNull(messages.senderId),
        eq(messages.clientMessageId, clientMessageId),
      ),
    )
    .limit(1);
  return (await toMessages(db, rows, senderId))[0] ?? null;
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

export function createMessagePipeline(
  ctx: Context,
  deps: { bus: Bus; channels: ChannelService; metrics: MetricsService },
  stages: PipelineStages,
) {
  const { db } = ctx.database;
  const { clock } = ctx;

  /**
   * Stage 1, the permission rules of spec section 6, in the order a user would want to hear them. `known` is the
   * sender's membership when the caller read it with the channel (null: not a member); otherwise it is read here.
   */
  async function admit(actor: Actor, channel: ChannelRow, type: MessageDraft["type"], known?: MemberRow | null) {
    if (actor.kind !== "user") return;
    if (!actor.user.isActive) throw new AppError("3017");
    const member = known === undefined ? await deps.channels.membership(db, channel.id, actor.user.id) : known;
    if (!member) {
      if (await deps.channels.isBanned(db, channel.id, actor.user.id)) throw new AppError("3023");
      throw new AppError("3020");
    }
    if (channel.isFrozen && type !== "admin") throw new AppError("3021");
    if (member.mutedUntil && member.mutedUntil > clock.now()) throw new AppError("3022");
  }

  /**
   * A reply's parent: a live message of the channel (3026) that is not itself a reply (3068), and for a member of a
   * broadcast channel the owner's, the app's or their own, not another member's. In a channel that hides earlier
   * history a later member may reply to an earlier parent: the thread's replies from their join on are theirs.
   */
  async function requireThreadParent(
    channel: ChannelRow,
    parentId: string,
    member: Pick<ChannelMemberRow, "chatUserId" | "joinedSeq"> | null | undefined,
  ): Promise<void> {
    const reader = member ? { chatUserId: member.chatUserId, joinedSeq: -1 } : undefined;
    const scope = reader
      ? historyScope(channel, reader, { seq: messages.seq, senderId: messages.senderId })
      : undefined;
    const [parent] = await db
      .select({ parentMessageId: messages.parentMessageId })
      .from(messages)
      .where(and(eq(messages.id, parentId), eq(messages.channelId, channel.id), isNull(messages.deletedAt), scope))
      .limit(1);
    if (!parent) throw new AppError("3026");
    if (parent.parentMessageId !== null) throw new AppError("3068");
  }

  /**
   * What stage 1 decided from the rows it read, asserted again by the statement that stores: the sender is a member
   * not muted at `now`, the channel not frozen, of the type the filters saw, and not split into subchannels. When any
   * differs the statement stores nothing, and the send takes the full path, which reads them and answers why.
   */
  function guard(channel: ChannelRow, senderId: string, now: Date) {
    return sql`and type = ${channel.type} and not is_frozen and not (type = 'supergroup' and subchannel_enabled)
      and exists (select 1 from channel_members m where m.channel_id = ${channel.id} and m.chat_user_id = ${senderId}
        and (m.muted_until is null or m.muted_until <= ${now}))`;
  }

  /**
   * A user's message as most are: to a channel they belong to, allowed. Stage 1's reads are skipped, and their
   * rules checked by the statement that stores ({@link guard}), so such a send is one round trip to the database.
   * Null when anything is not as expected (a refusal, a resend of a stored message, a member of a split super group
   * not yet placed): the full path then runs from the start and answers as it always does; nothing was stored.
   */
  async function sendDirect(
    actor: Extract<Actor, { kind: "user" }>,
    channelId: string,
    input: SendInput,
  ): Promise<TMessage | null> {
    if (!actor.user.isActive) return null;
    if (!input.file && input.text.trim() === "") return null;
    if (input.text.length > MESSAGE_TEXT_MAX) return null;
    const channel = await deps.channels.channelForSend(actor.app, channelId);
    // A broadcast member's message names who it reaches, which only the full path reads. A member of a split super
    // group not yet placed is placed by the full path; the statement finds the subchannel of one who is.
    if (!channel || channel.type === "broadcast") return null;
    // Mentions write to the mentioned members' rows, which the statement of many senders does not.
    if (input.mentionedUserIds?.length) return null;
    let draft: MessageDraft = {
      actor,
      channel,
      type: "text",
      text: input.text,
      metadata: input.metadata ?? {},
      file: input.file ?? null,
      ...(input.clientMessageId ? { clientMessageId: input.clientMessageId } : {}),
    };
    try {
      await pipeline.check(draft);
      for (const filter of stages.filters) draft = await filter(draft);
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
    const batch = deps.channels.newBatch();
    const outboxed = await batch.wantsOutbox(actor.app.id, db);
    let stored: TMessage | null;
    try {
      stored = await direct.store(draft, batch, outboxed);
    } catch (err) {
      if (input.clientMessageId && isUniqueViolation(err)) return null;
      throw err;
    }
    if (stored) await batch.publish(deps.bus);
    return stored;
  }

  /** Stage 7. The message is stored and delivered already, so a failure here is only logged. */
  async function handOnTranslations(appId: string, message: TMessage, request: TranslationRequest): Promise<void> {
    for (const translate of stages.translate) {
      await translate(appId, message, request).catch((err) =>
        ctx.log.error({ err, appId, messageId: message.id }, "handing a message on for translation failed"),
      );
    }
  }

  const direct = createDirectStore(ctx, {
    metrics: deps.metrics,
    storeOne: (batch, draft, now, outboxed) => pipeline.store(batch, draft, now, outboxed, { guarded: true }),
  });

  const pipeline = {
    stages,

    /**
     * The pipeline up to storing: the rules of the channel, then the checks and filters. Runs outside any
     * transaction, since checks read through `db`. The checks only read, and concern the app rather than the
     * channel, so they run alongside the channel's rules; a refusal by the rules is still the one reported.
     */
    async prepare(
      actor: Actor,
      channel: ChannelRow,
      input: SendInput,
      type: MessageDraft["type"] = "text",
      options: { checks: boolean; member?: MemberRow | null } = { checks: true },
    ): Promise<MessageDraft> {
      if (type === "admin" && actor.kind === "user") throw new AppError("3025");
      let draft: MessageDraft = {
        actor,
        channel,
        type,
        text: input.text,
        metadata: input.metadata ?? {},
        file: input.file ?? null,
        ...(input.clientMessageId ? { clientMessageId: input.clientMessageId } : {}),
        ...(input.customType ? { customType: input.customType } : {}),
        ...(input.parentMessageId
          ? { parentMessageId: input.parentMessageId, showInChannel: input.showInChannel ?? false }
          : {}),
        ...(input.mentionedUserIds?.length ? { mentionedUserIds: [...new Set(input.mentionedUserIds)] } : {}),
      };
      const checked = options.checks ? pipeline.check(draft) : Promise.resolve();
      // Awaited below; until then a failure must not count as unhandled.
      checked.catch(() => undefined);
      await admit(actor, channel, type, options.member);
      if (!input.file && input.text.trim() === "") throw new AppError("3012");
      if (input.text.length > MESSAGE_TEXT_MAX) throw new AppError("3013");
      await checked;
      for (const filter of stages.filters) draft = await filter(draft);
      return draft;
    },

    /**
     * The checks stage alone. They concern the app (its plan, its quota), so a sender of many messages at once
     * may run them once per batch and prepare the batch's messages without them.
     */
    async check(draft: MessageDraft): Promise<void> {
      for (const check of stages.checks) await check(draft);
    },

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
            client_message_id, subchannel, custom_type, parent_message_id, show_in_channel, mentioned_user_ids)
          select ${actor.app.id}, ${channel.id}, next.last_seq, ${draft.type}, ${draft.text}, ${senderId},
            ${JSON.stringify(draft.metadata)}::jsonb, ${draft.file ? JSON.stringify(draft.file) : null}::jsonb, ${now},
            ${draft.clientMessageId ?? null}, ${draft.subchannel ?? null}::int, ${draft.customType ?? null},
            ${parentId}::uuid, ${draft.showInChannel ?? false},
            ${draft.mentionedUserIds ? JSON.stringify(draft.mentionedUserIds) : null}::jsonb
          from next
          returning id, seq
        ), read as (
          update channel_members set last_read_seq = stored.seq, read_countable = next.countable_seq,
            read_countable_public = next.countable_public_seq, unread_mentions = 0
          from stored, next
          where channel_id = ${channel.id} and chat_user_id = ${senderId}
        ) ${senderId ? blockedCounting(draft, senderId) : sql``}
        ${mentionCounting(actor.app.id, channel.id, senderId, mentionsCounted(draft))}, event as (
          insert into chat_events (app_id, channel_id, type, payload, created_at)
          select ${actor.app.id}, ${channel.id}, 'message.created',
            jsonb_build_object('message', ${JSON.stringify(body)}::jsonb || jsonb_build_object('id', stored.id, 'seq', stored.seq))
              || ${JSON.stringify(draft.visibleTo ? { visibleTo: draft.visibleTo } : {})}::jsonb,
            ${now}
          from stored
          returning id, payload
        ), outboxed as (
          insert into event_outbox (app_id, event_id, event, created_at)
          select ${actor.app.id}, event.id,
            event.payload || jsonb_build_object('id', event.id::text, 'type', 'message.created',
              'channelId', ${channel.id}::text, 'createdAt', ${now.toISOString()}::text),
            ${now}
          from event where ${outboxed}
        ), ${parentId ? threadCounting(actor.app.id, channel.id, parentId, now, outboxed) : sql``}
        ${deps.metrics.messageCounting(actor.app.id, senderId, now, "stored")}
        select stored.id, stored.seq, event.id as event_id
          ${parentId ? sql`, (select id from thread_event) as thread_event_id, (select reply_count from thread) as reply_count` : sql``}
          ${senderId ? sql`, (select jsonb_agg(user_id) from blockers) as hidden_from` : sql``}
        from stored, event`);
      const row = rows[0];
      if (!row) return null;
      if (parentId && row.thread_event_id != null) {
        // The parent may be one a later member's history does not show (a channel that hides what came before
        // they joined, another member's in a broadcast channel): its new count is not theirs to hear. Read only
        // where such members can be, so a reply elsewhere stays one statement.
        const concealed =
          channel.hideMessagesBeforeJoin || channel.type === "broadcast"
            ? await concealedFrom(db, channel.id, parentId)
            : null;
        batch.storedWithOutbox(
          actor.app.id,
          {
            id: String(row.thread_event_id),
            type: "thread.updated",
            channelId: channel.id,
            createdAt: now.toISOString(),
            messageId: parentId,
            replyCount: Number(row.reply_count),
            lastRepliedAt: now.toISOString(),
          },
          outboxed,
          concealed,
        );
      }
      const stored: TMessage = { id: row.id, seq: Number(row.seq), ...body };
      batch.storedWithOutbox(
        actor.app.id,
        {
          id: String(row.event_id),
          type: "message.created",
          channelId: channel.id,
          createdAt: now.toISOString(),
          message: stored,
          ...(draft.visibleTo ? { visibleTo: draft.visibleTo } : {}),
        },
        outboxed,
        row.hidden_from,
      );
      return stored;
    },

    /**
     * {@link store} for many messages of the app's own (admin) to as many different channels, in one statement
     * with their events and outbox rows: what a bulk send stores per batch. Results follow the drafts' order;
     * null where the channel is gone. `newChannelIds`: channels made in this transaction with their first
     * message's seq taken (`planBrandChannel`'s `withFirstMessage`), whose message is seq 1 and whose row is not written
     * again. One statement for both kinds, so that it takes one of the day's counter rows, and two such writers
     * at once cannot each hold one the other waits for.
     */
    async storeMany(
      tx: Db,
      batch: EventBatch,
      drafts: MessageDraft[],
      now: Date,
      options: { newChannelIds?: ReadonlySet<string> } = {},
    ): Promise<(TMessage | null)[]> {
      if (drafts.length === 0) return [];
      const app = (drafts[0] as MessageDraft).actor.app;
      const channelIds = new Set(drafts.map((d) => d.channel.id));
      if (channelIds.size !== drafts.length || drafts.some((d) => d.actor.kind === "user" || d.file)) {
        throw new Error("storeMany takes admin text messages to distinct channels");
      }
      const input = drafts.map((d) => ({
        channel_id: d.channel.id,
        text: d.text,
        metadata: d.metadata,
        type: d.type,
        is_new: options.newChannelIds?.has(d.channel.id) ?? false,
      }));
      const outboxed = await batch.wantsOutbox(app.id, tx);
      // Both ways a plan goes wrong here would make each batch of a large send slower than the one before: the
      // channels are found by their key (the ids as an array), not by reading every channel of the app; and the
      // answer is read from the events alone, which hold the message's id and seq, since a join of two
      // expressions' results is planned blind and ran as a nested loop, quadratic in the batch's size.
      const result = await tx.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as x (channel_id uuid, text text, metadata jsonb, type text, is_new boolean)
        ), bumped as (
          update channels c set last_seq = c.last_seq + 1, countable_seq = c.countable_seq + 1,
            countable_public_seq = c.countable_public_seq + 1
          from input
          where c.id = any(array(select channel_id from input where not is_new)) and c.id = input.channel_id
            and c.app_id = ${app.id}
          returning c.id, c.last_seq
        ), next as (
          select id, last_seq from bumped
          union all
          select channel_id, 1 from input where is_new
        ), stored as (
          insert into messages (app_id, channel_id, seq, type, text, sender_id, metadata, file, created_at)
          select ${app.id}, input.channel_id, next.last_seq, input.type, input.text, null, input.metadata, null, ${now}
          from input join next on next.id = input.channel_id
          returning id, seq, channel_id
        ), event as (
          insert into chat_events (app_id, channel_id, type, payload, created_at)
          select ${app.id}, stored.channel_id, 'message.created',
            jsonb_build_object('message', jsonb_build_object(
              'id', stored.id, 'seq', stored.seq, 'channelId', stored.channel_id, 'type', input.type,
              'text', input.text, 'sender', null, 'metadata', input.metadata, 'file', null,
              'createdAt', ${now.toISOString()}::text)),
            ${now}
          from stored join input on input.channel_id = stored.channel_id
          returning id, channel_id, payload
        ), outboxed as (
          insert into event_outbox (app_id, event_id, event, created_at)
          select ${app.id}, event.id,
            event.payload || jsonb_build_object('id', event.id::text, 'type', 'message.created',
              'channelId', event.channel_id::text, 'createdAt', ${now.toISOString()}::text),
            ${now}
          from event where ${outboxed}
        ), ${deps.metrics.appMessagesCounting(app.id, now, "stored")}
        select payload->'message'->>'id' as id, (payload->'message'->>'seq')::int as seq, channel_id,
          id as event_id
        from event`);
      const rows = rowsOf<{ id: string; seq: number; channel_id: string; event_id: string }>(result);
      const byChannel = new Map(rows.map((row) => [row.channel_id, row]));
      const messagesOut: (TMessage | null)[] = [];
      for (const draft of drafts) {
        const row = byChannel.get(draft.channel.id);
        if (!row) {
          messagesOut.push(null);
          continue;
        }
        const message: TMessage = {
          id: row.id,
          seq: Number(row.seq),
          channelId: draft.channel.id,
          type: draft.type,
          text: draft.text,
          sender: null,
          metadata: draft.metadata,
          file: null,
          createdAt: now.toISOString(),
        };
        batch.storedWithOutbox(
          app.id,
          {
            id: String(row.event_id),
            type: "message.created",
            channelId: draft.channel.id,
            createdAt: now.toISOString(),
            message,
          },
          outboxed,
        );
        messagesOut.push(message);
      }
      return messagesOut;
    },

    async send(
      actor: Actor,
      channelId: string,
      input: SendInput,
      type: MessageDraft["type"] = "text",
    ): Promise<TMessage> {
      if (type === "admin" && actor.kind === "user") throw new AppError("3025");
      if ((type === "custom") !== Boolean(input.customType)) throw new AppError("3069");
      // Replies touch their parent too, so they take the full path, as do the types other than text; and so do
      // sends asking for translations, which are handed on after storing.
      const isPlain = type === "text" && !input.parentMessageId && !input.translationLanguages?.length;
      if (actor.kind === "user" && isPlain) {
        const sent = await sendDirect(actor, channelId, input);
        if (sent) return { ...sent, myReactions: [] };
      }
      const senderId = actor.kind === "user" ? actor.user.id : null;
      // A user's membership comes with the channel, in one round trip.
      const { channel, member } = senderId
        ? await deps.channels.requireChannelWithMember(actor.app, channelId, senderId)
        : { channel: await deps.channels.requireChannel(actor.app, channelId), member: undefined };
      if (input.clientMessageId) {
        // A resend of a message already stored answers it as it is, even if the sender was muted since.
        const earlier = await storedWithClientId(db, channel.id, senderId, input.clientMessageId);
        if (earlier) return earlier;
      }
      const draft = await pipeline.prepare(actor, channel, input, type, { checks: true, member });
      if (draft.parentMessageId) await requireThreadParent(channel, draft.parentMessageId, member);
      // A member of a split super group speaks to their own subchannel; the app and its admins to everyone.
      const subchannel = member ? await deps.channels.subchannelOf(channel, member) : null;
      if (subchannel !== null) draft.subchannel = subchannel;
      if (member) {
        const visibleTo = await deps.channels.broadcastAudience(channel, actor);
        if (visibleTo) draft.visibleTo = visibleTo;
      }
      const batch = deps.channels.newBatch();
      const outboxed = await batch.wantsOutbox(actor.app.id, db);
      let stored: TMessage | null;
      try {
        stored = await pipeline.store(batch, draft, clock.now(), outboxed);
      } catch (err) {
        // Two sends with one key at once: the second fails on the key's unique index and answers the first.
        const earlier =
          draft.clientMessageId && isUniqueViolation(err)
            ? await storedWithClientId(db, channel.id, senderId, draft.clientMessageId)
            : null;
        if (earlier) return earlier;
        throw err;
      }
      if (!stored) throw new AppError("3007");
      await batch.publish(deps.bus);
      if (draft.parentMessageId) await deps.metrics.countActivity(actor.app.id, "replyCount", clock.now());
      const languages = input.translationLanguages ?? [];
      if (languages.length > 0) {
        await handOnTranslations(actor.app.id, stored, {
          languages,
          ...(draft.visibleTo ? { visibleTo: draft.visibleTo } : {}),
        });
      }
      return actor.kind === "user" ? { ...stored, myReactions: [] } : stored;
    },
  };
  return pipeline;
}

export type MessagePipeline = ReturnType<typeof createMessagePipeline>;
