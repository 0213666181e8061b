import { MESSAGE_TEXT_MAX, type TMessage } from "@parley/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Bus } from "../../chat/bus";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { isUniqueViolation } from "../../db/errors";
import { AppError } from "../../errors";
import type { Actor, ChannelMemberRow, ChannelRow, ChannelService } from "../channels";
import type { MetricsService } from "../metrics";
import { toMessages } from "./mapping";
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
 *    of the channel (chat/gateway.ts).
 * 6. Outbox consumers, after the commit and at least once: webhooks and push, which the outbox dispatcher
 *    (chat/outbox.ts) hands the stored event to. Translation is not a stage: a reader asks for it per message.
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
}

/** A message on its way through the pipeline, before it is stored. */
export interface MessageDraft {
  actor: Actor;
  channel: ChannelRow;
  type: "text" | "file" | "admin";
  text: string;
  metadata: Record<string, string>;
  file: { url: string; name: string; size: number; mimeType: string } | null;
  clientMessageId?: string;
  /** The sender's subchannel in a split super group: only its members get the message. */
  subchannel?: number;
}

export type MemberRow = ChannelMemberRow;

export interface SendInput {
  text: string;
  metadata?: Record<string, string>;
  file?: MessageDraft["file"];
  clientMessageId?: string | undefined;
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
  return (await toMessages(db, rows))[0] ?? null;
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
    async store(batch: EventBatch, draft: MessageDraft, now: Date, outboxed: boolean): Promise<TMessage | null> {
      const { actor, channel } = draft;
      const senderId = actor.kind === "user" ? actor.user.id : null;
      const sender =
        actor.kind === "user"
          ? { userId: actor.user.userId, nickname: actor.user.nickname, profileImageUrl: actor.user.profileImageUrl }
          : null;
      const body = {
        channelId: channel.id,
        type: draft.type,
        text: draft.text,
        sender,
        metadata: draft.metadata,
        file: draft.file,
        createdAt: now.toISOString(),
        ...(draft.clientMessageId ? { clientMessageId: draft.clientMessageId } : {}),
        ...(draft.subchannel !== undefined ? { subchannel: draft.subchannel } : {}),
      };
      const result = await db.execute(sql`
        with next as (
          update channels set last_seq = last_seq + 1 where id = ${channel.id} returning last_seq
        ), stored as (
          insert into messages (app_id, channel_id, seq, type, text, sender_id, metadata, file, created_at,
            client_message_id, subchannel)
          select ${actor.app.id}, ${channel.id}, next.last_seq, ${draft.type}, ${draft.text}, ${senderId},
            ${JSON.stringify(draft.metadata)}::jsonb, ${draft.file ? JSON.stringify(draft.file) : null}::jsonb, ${now},
            ${draft.clientMessageId ?? null}, ${draft.subchannel ?? null}::int
          from next
          returning id, seq
        ), read as (
          update channel_members set last_read_seq = (select seq from stored)
          where channel_id = ${channel.id} and chat_user_id = ${senderId}
        ), event as (
          insert into chat_events (app_id, channel_id, type, payload, created_at)
          select ${actor.app.id}, ${channel.id}, 'message.created',
            jsonb_build_object('message', ${JSON.stringify(body)}::jsonb || jsonb_build_object('id', stored.id, 'seq', stored.seq)),
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
        ), ${deps.metrics.messageCounting(actor.app.id, senderId, now, "stored")}
        select stored.id, stored.seq, event.id as event_id from stored, event`);
      const row = rowsOf<{ id: string; seq: number; event_id: string }>(result)[0];
      if (!row) return null;
      const stored: TMessage = { id: row.id, seq: Number(row.seq), ...body };
      batch.storedWithOutbox(
        actor.app.id,
        {
          id: String(row.event_id),
          type: "message.created",
          channelId: channel.id,
          createdAt: now.toISOString(),
          message: stored,
        },
        outboxed,
      );
      return stored;
    },

    /**
     * {@link store} for many messages of the app's own (admin) to as many different channels, in one statement
     * with their events and outbox rows: what a bulk send stores per batch. Results follow the drafts' order;
     * null where the channel is gone.
     */
    async storeMany(tx: Db, batch: EventBatch, drafts: MessageDraft[], now: Date): Promise<(TMessage | null)[]> {
      if (drafts.length === 0) return [];
      const app = (drafts[0] as MessageDraft).actor.app;
      const channelIds = new Set(drafts.map((d) => d.channel.id));
      if (channelIds.size !== drafts.length || drafts.some((d) => d.actor.kind === "user" || d.file)) {
        throw new Error("storeMany takes admin text messages to distinct channels");
      }
      const input = drafts.map((d) => ({ channel_id: d.channel.id, text: d.text, metadata: d.metadata, type: d.type }));
      const outboxed = await batch.wantsOutbox(app.id, tx);
      // Both ways a plan goes wrong here would make each batch of a large send slower than the one before: the
      // channels are found by their key (the ids as an array), not by reading every channel of the app; and the
      // answer is read from the events alone, which hold the message's id and seq, since a join of two
      // expressions' results is planned blind and ran as a nested loop, quadratic in the batch's size.
      const result = await tx.execute(sql`
        with input as (
          select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
            as x (channel_id uuid, text text, metadata jsonb, type text)
        ), next as (
          update channels c set last_seq = c.last_seq + 1 from input
          where c.id = any(array(select channel_id from input)) and c.id = input.channel_id and c.app_id = ${app.id}
          returning c.id, c.last_seq
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
      // A member of a split super group speaks to their own subchannel; the app and its admins to everyone.
      const subchannel = member ? await deps.channels.subchannelOf(channel, member) : null;
      if (subchannel !== null) draft.subchannel = subchannel;
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
      return stored;
    },
  };
  return pipeline;
}

export type MessagePipeline = ReturnType<typeof createMessagePipeline>;
