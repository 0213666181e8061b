import {
  REACTIONS_PER_MESSAGE_MAX,
  type TEditMessageRequest,
  type TMessage,
  type TMessagesResponse,
} from "@parley/contract";
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Bus } from "../../chat/bus";
import { type EventBatch, toEvent } from "../../chat/events";
import { chatEvents } from "../../chat/schema";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { AppError } from "../../errors";
import {
  type Actor,
  type ChannelMemberRow,
  type ChannelRow,
  type ChannelService,
  catchUpScope,
  channelIdsOfMember,
  historyScope,
  setReadMark,
  subchannelOfMember,
} from "../channels";
import { blockersInChannel, notBlockedBy, notBlockedUserIdBy } from "../chat-users";
import type { MetricsService } from "../metrics";
import { toMessages } from "./mapping";
import { createMessagePipeline, type PipelineStages } from "./pipeline";
import { findLiveMessage } from "./queries";
import { type MessageRow, messages } from "./schema";

export type { MessageDraft, PipelineStages, SendInput, TranslationRequest } from "./pipeline";

/** The message pipeline (pipeline.ts) and what reads and removes stored messages. */
export function createMessageService(
  ctx: Context,
  deps: { bus: Bus; channels: ChannelService; metrics: MetricsService },
  stages: PipelineStages,
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const pipeline = createMessagePipeline(ctx, deps, stages);

  /** A page of a channel's messages among `which`, by seq, as the caller may read them. */
  async function page(
    actor: Actor,
    channelId: string,
    query: { before?: number; after?: number; limit: number; subchannel?: number | undefined },
    which: SQL | undefined,
  ): Promise<TMessagesResponse> {
    const channel = await deps.channels.requireChannel(actor.app, channelId);
    // A member of a split super group reads their own subchannel; an admin reads one when asking for it.
    let subchannel = query.subchannel ?? null;
    let scope: SQL | undefined;
    if (actor.kind === "user") {
      const member = await deps.channels.membership(db, channel.id, actor.user.id);
      if (!member) throw new AppError("3020");
      subchannel = await deps.channels.subchannelOf(channel, member);
      // Before they joined, when the channel hides it; other members' messages in a broadcast channel.
      scope = and(
        historyScope(channel, member, { seq: messages.seq, senderId: messages.senderId }),
        // What users the reader blocks sent is not delivered to them, now or in history.
        notBlockedBy({ appId: actor.app.id, chatUserId: actor.user.id }, messages.senderId),
      );
    }
    const base = and(
      eq(messages.channelId, channel.id),
      isNull(messages.deletedAt),
      which,
      scope,
      subchannel === null ? undefined : or(isNull(messages.subchannel), eq(messages.subchannel, subchannel)),
    );
    const forward = query.after !== undefined;
    const rows = await db
      .select()
      .from(messages)
      .where(
        forward
          ? and(base, gt(messages.seq, query.after as number))
          : query.before !== undefined
            ? and(base, lt(messages.seq, query.before))
            : base,
      )
      .orderBy(forward ? asc(messages.seq) : desc(messages.seq))
      .limit(query.limit + 1);
    const pageRows = rows.slice(0, query.limit);
    // Always oldest first, so a client appends or prepends a page as it is.
    if (!forward) pageRows.reverse();
    return { messages: await toMessages(db, pageRows, viewerOf(actor)), hasMore: rows.length > query.limit };
  }

  async function requireMemberChannel(actor: UserActor, channelId: string) {
    const { channel, member } = await deps.channels.requireChannelWithMember(actor.app, channelId, actor.user.id);
    if (!member) throw new AppError("3020");
    return { channel, member };
  }

  /**
   * 3026 for a message outside what the member reads (sent before they joined a channel that hides it; another
   * member's in a broadcast channel): a reaction's answer would hand them what history does not. A thread is
   * another matter in a channel that hides earlier history: its replies after the join are the member's to read,
   * whenever its parent was sent (`forThread`). No query where the channel's history is whole.
   */
  async function requireReadable(
    channel: ChannelRow,
    member: Pick<ChannelMemberRow, "chatUserId" | "joinedSeq">,
    messageId: string,
    options: { forThread?: boolean } = {},
  ): Promise<void> {
    const reader = options.forThread ? { ...member, joinedSeq: -1 } : member;
    const scope = historyScope(channel, reader, { seq: messages.seq, senderId: messages.senderId });
    if (!scope) return;
    const [row] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.channelId, channel.id), scope))
      .limit(1);
    if (!row) throw new AppError("3026");
  }

  /** One message as the user sees it, with their own reactions. */
  async function viewMessage(actor: UserActor, channelId: string, messageId: string): Promise<TMessage> {
    const rows = await db
      .select()
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId)))
      .limit(1);
    const [message] = await toMessages(db, rows, actor.user.id);
    if (!message) throw new AppError("3026");
    return message;
  }

  const service = {
    ...pipeline,

    /** A channel's messages by seq: its own and the replies sent with `showInChannel`. */
    async history(
      actor: Actor,
      channelId: string,
      query: { before?: number; after?: number; limit: number; subchannel?: number | undefined },
    ): Promise<TMessagesResponse> {
      return page(actor, channelId, query, or(isNull(messages.parentMessageId), eq(messages.showInChannel, true)));
    },

    /** One thread's replies, paged as history is; 3026 when its parent is not a live message of the channel. */
    async replies(
      actor: Actor,
      channelId: string,
      parentId: string,
      query: { before?: number; after?: number; limit: number },
    ): Promise<TMessagesResponse> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      if (actor.kind === "user") {
        const member = await deps.channels.membership(db, channel.id, actor.user.id);
        if (!member) throw new AppError("3020");
        await requireReadable(channel, member, parentId, { forThread: true });
      }
      if (!(await findLiveMessage(db, channel.id, parentId))) throw new AppError("3026");
      return page(actor, channel.id, query, eq(messages.parentMessageId, parentId));
    },

    /**
     * A member's reaction on a message, once per member and reaction: adding it again changes nothing and tells
     * no one. The reactions row is the truth and the message's counts move with it in the same statement, so
     * reading counts never counts rows; the message row's lock orders concurrent reactions to one message.
     */
    async addReaction(actor: UserActor, channelId: string, messageId: string, reaction: string): Promise<TMessage> {
      const { channel, member } = await requireMemberChannel(actor, channelId);
      await requireReadable(channel, member, messageId);
      const now = clock.now();
      const added = await deps.channels.mutate(async (tx, batch) => {
        const [row] = rowsOf<{ found: boolean; had: boolean; kinds: number; reactions: Record<string, number> | null }>(
          await tx.execute(sql`
            with target as (
              select id, reactions from messages
              where id = ${messageId} and channel_id = ${channel.id} and deleted_at is null
              for update
            ), added as (
              insert into message_reactions (message_id, chat_user_id, reaction, created_at)
              select target.id, ${actor.user.id}, ${reaction}, ${now} from target
              where target.reactions ? ${reaction}
                or (select count(*) from jsonb_object_keys(target.reactions)) < ${REACTIONS_PER_MESSAGE_MAX}
              on conflict do nothing
              returning message_id
            ), counted as (
              update messages m
              set reactions = jsonb_set(m.reactions, array[${reaction}]::text[],
                to_jsonb(coalesce((m.reactions ->> ${reaction})::int, 0) + 1))
              from added where m.id = added.message_id
              returning m.reactions
            )
            select exists (select 1 from target) as found,
              coalesce((select reactions ? ${reaction} from target), false) as had,
              (select reactions from counted) as reactions`),
        );
        if (!row?.found) throw new AppError("3026");
        if (!row.reactions) {
          if (!row.had) throw new AppError("3066");
          return false;
        }
        await batch.record(
          tx,
          actor.app.id,
          channel.id,
          "reaction.added",
          { messageId, userId: actor.user.userId, reaction, reactions: row.reactions },
          now,
        );
        return true;
      });
      if (added) await deps.metrics.countActivity(actor.app.id, "reactionCount", now);
      return viewMessage(actor, channel.id, messageId);
    },

    /** Takes back the member's reaction; taking back one never added changes nothing and tells no one. */
    async removeReaction(actor: UserActor, channelId: string, messageId: string, reaction: string): Promise<TMessage> {
      const { channel, member } = await requireMemberChannel(actor, channelId);
      await requireReadable(channel, member, messageId);
      const now = clock.now();
      await deps.channels.mutate(async (tx, batch) => {
        const [row] = rowsOf<{ found: boolean; reactions: Record<string, number> | null }>(
          await tx.execute(sql`
            with target as (
              select id from messages
              where id = ${messageId} and channel_id = ${channel.id} and deleted_at is null
              for update
            ), removed as (
              delete from message_reactions r using target
              where r.message_id = target.id and r.chat_user_id = ${actor.user.id} and r.reaction = ${reaction}
              returning r.message_id
            ), counted as (
              update messages m
              set reactions = case when coalesce((m.reactions ->> ${reaction})::int, 0) <= 1
                then m.reactions - ${reaction}
                else jsonb_set(m.reactions, array[${reaction}]::text[], to_jsonb((m.reactions ->> ${reaction})::int - 1))
              end
              from removed where m.id = removed.message_id
              returning m.reactions
            )
            select exists (select 1 from target) as found, (select reactions from counted) as reactions`),
        );
        if (!row?.found) throw new AppError("3026");
        if (!row.reactions) return;
        await batch.record(
          tx,
          actor.app.id,
          channel.id,
          "reaction.removed",
          { messageId, userId: actor.user.userId, reaction, reactions: row.reactions },
          now,
        );
      });
      return viewMessage(actor, channel.id, messageId);
    },

    /**
     * Edits a message's text or metadata. Users edit their own messages under the rules of sending (an active
     * member, not muted, the channel not frozen); the app's server edits the app's own (admin) messages. New text
     * passes the filters again, as a sent one does; the checks stage does not run, since no message is added.
     */
    async editMessage(actor: Actor, channelId: string, messageId: string, edit: TEditMessageRequest) {
      const senderId = actor.kind === "user" ? actor.user.id : null;
      const { channel, member } = senderId
        ? await deps.channels.requireChannelWithMember(actor.app, channelId, senderId)
        : { channel: await deps.channels.requireChannel(actor.app, channelId), member: undefined };
      if (edit.text === undefined && edit.metadata === undefined) throw new AppError("3070");
      const stored = await findEditable(db, channel.id, messageId);
      if (!stored) throw new AppError("3026");
      if (stored.senderId !== senderId) {
        if (actor.kind === "user" && !member) throw new AppError("3020");
        throw new AppError("3067");
      }
      const text = edit.text ?? stored.text;
      const draft = await pipeline.prepare(
        actor,
        channel,
        { text, metadata: edit.metadata ?? stored.metadata, ...(stored.file ? { file: stored.file } : {}) },
        stored.type,
        { checks: false, member },
      );
      const now = clock.now();
      // Translations of the old text would now be wrong: they go, and the languages that had landed are asked
      // for again, as at send.
      const retranslated = draft.text !== stored.text && stored.translations ? Object.keys(stored.translations) : [];
      const edited = await deps.channels.mutate(async (tx, batch) => {
        const [row] = await tx
          .update(messages)
          .set({
            text: draft.text,
            metadata: draft.metadata,
            editedAt: now,
            ...(retranslated.length > 0 ? { translations: null } : {}),
          })
          .where(and(eq(messages.id, stored.id), isNull(messages.deletedAt)))
          .returning();
        if (!row) throw new AppError("3026");
        const [message] = await toMessages(tx, [row]);
        const event = await batch.record(tx, actor.app.id, channel.id, "message.updated", { message }, now);
        if (actor.kind === "user") {
          batch.hideFrom(event, await blockersInChannel(tx, actor.app.id, channel.id, actor.user.userId));
        }
        return row;
      });
      const message = (await toMessages(db, [edited], senderId))[0] as TMessage;
      if (retranslated.length > 0) {
        for (const translate of stages.translate) {
          await translate(actor.app.id, message, { languages: retranslated, isEdited: true }).catch((err) =>
            ctx.log.error({ err, messageId: message.id }, "handing an edited message on for translation failed"),
          );
        }
      }
      return message;
    },

    async messagesOfMember(actor: Actor, channelId: string, chatUserId: string, limit = 50): Promise<TMessage[]> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.channelId, channel.id), eq(messages.senderId, chatUserId), isNull(messages.deletedAt)))
        .orderBy(desc(messages.seq))
        .limit(limit);
      return toMessages(db, rows.reverse());
    },

    /** Users delete their own messages; servers and the dashboard any message. */
    async deleteMessage(actor: Actor, channelId: string, messageId: string): Promise<void> {
      await service.deleteMessages(actor, channelId, [messageId]);
    },

    /** All or nothing, in one transaction: a refused id leaves every message of the request in place. */
    async deleteMessages(actor: Actor, channelId: string, messageIds: string[]): Promise<void> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const now = clock.now();
      await deps.channels.mutate(async (tx, batch) => {
        for (const messageId of new Set(messageIds)) {
          const [row] = await tx
            .select()
            .from(messages)
            .where(and(eq(messages.id, messageId), eq(messages.channelId, channel.id), isNull(messages.deletedAt)))
            .for("update")
            .limit(1);
          if (!row) throw new AppError("3026");
          if (actor.kind === "user" && row.senderId !== actor.user.id) throw new AppError("3033");
          await service.remove(tx, batch, actor.app.id, channel.id, row.id, now);
        }
      });
    },

    /**
     * Deletes a stored message in the caller's transaction and records its event; false when already gone. A deleted
     * reply leaves its thread: the parent's `replyCount` and `lastRepliedAt` count the live replies only, and
     * `thread.updated` tells the members, as a new reply does.
     */
    async remove(tx: Db, batch: EventBatch, appId: string, channelId: string, messageId: string, now: Date) {
      const [removed] = await tx
        .update(messages)
        .set({ deletedAt: now })
        .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId), isNull(messages.deletedAt)))
        .returning({ id: messages.id, parentMessageId: messages.parentMessageId });
      if (!removed) return false;
      await batch.record(tx, appId, channelId, "message.deleted", { messageId }, now);
      const parentId = removed.parentMessageId;
      if (parentId) {
        const [thread] = await tx
          .update(messages)
          .set({
            replyCount: sql`greatest(${messages.replyCount} - 1, 0)`,
            lastRepliedAt: sql`(select max(r.created_at) from messages r
              where r.parent_message_id = ${parentId} and r.deleted_at is null)`,
          })
          .where(and(eq(messages.id, parentId), eq(messages.channelId, channelId)))
          .returning({ replyCount: messages.replyCount, lastRepliedAt: messages.lastRepliedAt });
        if (thread) {
          await batch.record(
            tx,
            appId,
            channelId,
            "thread.updated",
            {
              messageId: parentId,
              replyCount: thread.replyCount,
              ...(thread.lastRepliedAt ? { lastRepliedAt: thread.lastRepliedAt.toISOString() } : {}),
            },
            now,
          );
        }
      }
      return true;
    },

    /**
     * A deleted message put back (a moderator dismisses the reports that hid it): members hear it as
     * `message.updated`, and a reply counts in its thread again. False when it is not deleted.
     */
    async restore(tx: Db, batch: EventBatch, appId: string, channelId: string, messageId: string, now: Date) {
      const [row] = await tx
        .update(messages)
        .set({ deletedAt: null })
        .where(
          and(eq(messages.id, messageId), eq(messages.channelId, channelId), sql`${messages.deletedAt} is not null`),
        )
        .returning();
      if (!row) return false;
      const [message] = await toMessages(tx, [row]);
      await batch.record(tx, appId, channelId, "message.updated", { message }, now);
      if (row.parentMessageId) {
        const [thread] = await tx
          .update(messages)
          .set({
            replyCount: sql`${messages.replyCount} + 1`,
            lastRepliedAt: sql`greatest(${messages.lastRepliedAt}, ${row.createdAt})`,
          })
          .where(and(eq(messages.id, row.parentMessageId), eq(messages.channelId, channelId)))
          .returning({ replyCount: messages.replyCount, lastRepliedAt: messages.lastRepliedAt });
        if (thread) {
          await batch.record(
            tx,
            appId,
            channelId,
            "thread.updated",
            {
              messageId: row.parentMessageId,
              replyCount: thread.replyCount,
              ...(thread.lastRepliedAt ? { lastRepliedAt: thread.lastRepliedAt.toISOString() } : {}),
            },
            now,
          );
        }
      }
      return true;
    },

    /**
     * A message as a member who may report it sees it: 3020 for a non-member, 3026 for a message outside what they
     * read or already deleted.
     */
    async reportable(actor: UserActor, channelId: string, messageId: string): Promise<TMessage> {
      const { channel, member } = await requireMemberChannel(actor, channelId);
      await requireReadable(channel, member, messageId);
      const message = await viewMessage(actor, channel.id, messageId);
      if (!(await findLiveMessage(db, channel.id, messageId))) throw new AppError("3026");
      return message;
    },

    /**
     * A user being erased: the messages they sent stay in their channels, as the others' conversation, but lose what
     * was theirs beyond the text (metadata, the file, which is removed with them); the sender goes with the user's
     * row. Answers how many messages were changed.
     */
    async anonymizeSentBy(appId: string, chatUserId: string): Promise<number> {
      const changed = await db
        .update(messages)
        .set({ metadata: {}, file: null })
        .where(and(eq(messages.appId, appId), eq(messages.senderId, chatUserId)))
        .returning({ id: messages.id });
      return changed.length;
    },

    /**
     * What a moderator reads around a message: up to `n` messages before and after `seq` in the channel (all
     * subchannels), oldest first, as the app sees them.
     */
    async around(app: Actor["app"], channelId: string, seq: number, n: number): Promise<TMessage[]> {
      const admin: Actor = { kind: "admin", app };
      const before = await service.history(admin, channelId, { before: seq, limit: n });
      const after = await service.history(admin, channelId, { after: seq, limit: n });
      return [...before.messages, ...after.messages];
    },

    /**
     * The app's administrator removes a reaction from a message for everyone who added it (a moderation act): the
     * rows and the count go in one statement under the message row's lock, and one `reaction.removed` without a
     * `userId` tells the members. Removing a reaction the message does not carry changes nothing and tells no one.
     */
    async removeReactionForAll(actor: Actor, channelId: string, messageId: string, reaction: string) {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const now = clock.now();
      await deps.channels.mutate(async (tx, batch) => {
        const [row] = rowsOf<{ found: boolean; reactions: Record<string, number> | null }>(
          await tx.execute(sql`
            with target as (
              select id, reactions from messages
              where id = ${messageId} and channel_id = ${channel.id} and deleted_at is null
              for update
            ), removed as (
              delete from message_reactions r using target
              where r.message_id = target.id and r.reaction = ${reaction}
            ), counted as (
              update messages m set reactions = m.reactions - ${reaction}
              from target where m.id = target.id and target.reactions ? ${reaction}
              returning m.reactions
            )
            select exists (select 1 from target) as found, (select reactions from counted) as reactions`),
        );
        if (!row?.found) throw new AppError("3026");
        if (!row.reactions) return;
        await batch.record(
          tx,
          actor.app.id,
          channel.id,
          "reaction.removed",
          { messageId, reaction, reactions: row.reactions },
          now,
        );
      });
      const rows = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
      return (await toMessages(db, rows))[0] as TMessage;
    },

    /** The channel's pinned message ids in pin order, and those of them still live, in the same order. */
    async pinnedMessages(
      actor: Actor,
      channelId: string,
    ): Promise<{ pinnedMessageIds: string[]; messages: TMessage[] }> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const ids = channel.pinnedMessageIds;
      if (ids.length === 0) return { pinnedMessageIds: [], messages: [] };
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.channelId, channel.id), inArray(messages.id, ids), isNull(messages.deletedAt)));
      const order = new Map(ids.map((id, index) => [id, index]));
      rows.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { pinnedMessageIds: ids, messages: await toMessages(db, rows) };
    },

    async markRead(actor: Actor & { kind: "user" }, channelId: string, seq: number | undefined): Promise<number> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      const member = await deps.channels.membership(db, channel.id, actor.user.id);
      if (!member) throw new AppError("3020");
      const target = Math.min(seq ?? channel.lastSeq, channel.lastSeq);
      if (target > member.lastReadSeq) {
        await setReadMark(db, channel.id, actor.user.id, target);
        const at = clock.now();
        for (const hook of stages.read) {
          await hook(channel, actor.user.id, target, at).catch((err) =>
            ctx.log.error({ err, channelId: channel.id }, "read hook failed"),
          );
        }
      }
      return Math.max(target, member.lastReadSeq);
    },

    /** Events after `after` on the user's channels, and those about the user elsewhere (removed, banned). */
    async eventsSince(actor: Actor & { kind: "user" }, after: string, limit: number) {
      const mine = channelIdsOfMember(db, actor.user.id);
      const rows = await db
        .select()
        .from(chatEvents)
        .where(
          and(
            eq(chatEvents.appId, actor.app.id),
            gt(chatEvents.id, BigInt(after)),
            or(inArray(chatEvents.channelId, mine), sql`${chatEvents.payload}->>'userId' = ${actor.user.userId}`),
            catchUpScope(actor.user.id, actor.user.userId, {
              payload: chatEvents.payload,
              channelId: chatEvents.channelId,
            }),
            // Messages of a subchannel are only its members' to hear.
            sql`(${chatEvents.payload}->'message'->>'subchannel' is null or
              (${chatEvents.payload}->'message'->>'subchannel')::int = (${subchannelOfMember(db, chatEvents.channelId, actor.user.id)}))`,
            // Nor are the messages of users they block.
            notBlockedUserIdBy(
              { appId: actor.app.id, chatUserId: actor.user.id },
              sql`${chatEvents.payload}->'message'->'sender'->>'userId'`,
            ),
          ),
        )
        .orderBy(asc(chatEvents.id))
        .limit(limit + 1);
      return { events: rows.slice(0, limit).map(toEvent), hasMore: rows.length > limit };
    },

    async lastEventId(appId: string): Promise<string> {
      const [row] = await db
        .select({ id: sql<string>`coalesce(max(${chatEvents.id}), 0)::text` })
        .from(chatEvents)
        .where(eq(chatEvents.appId, appId));
      return row?.id ?? "0";
    },
  };
  return service;
}

type UserActor = Extract<Actor, { kind: "user" }>;

const viewerOf = (actor: Actor) => (actor.kind === "user" ? actor.user.id : null);

async function findEditable(db: Db, channelId: string, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId), isNull(messages.deletedAt)))
    .limit(1);
  return row;
}

export type MessageService = ReturnType<typeof createMessageService>;
