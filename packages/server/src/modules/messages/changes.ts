import {
  Errors,
  firstLinkUrl,
  REACTIONS_PER_MESSAGE_MAX,
  type TEditMessageRequest,
  type TMessage,
} from "@parley/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import { type Db, rowsOf } from "../../db/client";
import { AppError } from "../../errors";
import type { Actor, ChannelService } from "../channels";
import { blockersInChannel } from "../chat-users";
import type { MetricsService } from "../metrics";
import { type PipelineStages, runDeferred } from "./draft";
import { toMessages } from "./mapping";
import type { MessagePipeline } from "./pipeline";
import { requireMemberChannel, requireReadable, type UserActor, viewMessage } from "./reading";
import { type MessageRow, messages } from "./schema";

/**
 * What changes stored messages: edits, deletions and their undoing, reactions, and a user's erasure. An edit runs
 * the pipeline's rules and filters again (`prepare`), as a send does.
 */
export function createMessageChanges(
  ctx: Context,
  deps: { channels: ChannelService; metrics: MetricsService },
  pipeline: Pick<MessagePipeline, "prepare" | "handOnLinks">,
  stages: Pick<PipelineStages, "translate">,
) {
  const { db } = ctx.database;
  const { clock } = ctx;

  const changes = {
    /**
     * A member's reaction on a message, once per member and reaction: adding it again changes nothing and tells
     * no one. The reactions row is the truth and the message's counts move with it in the same statement, so
     * reading counts never counts rows; the message row's lock orders concurrent reactions to one message. A
     * shadowed message is found for its sender only (3026 for others), which `requireReadable` leaves to this
     * statement.
     */
    async addReaction(actor: UserActor, channelId: string, messageId: string, reaction: string): Promise<TMessage> {
      const { channel, member } = await requireMemberChannel(deps.channels, actor, channelId);
      await deps.channels.permissions.require(actor, channel, "react", member.role);
      await requireReadable(db, channel, member, messageId);
      const now = clock.now();
      const added = await deps.channels.mutate(async (tx, batch) => {
        const [row] = rowsOf<{ found: boolean; had: boolean; kinds: number; reactions: Record<string, number> | null }>(
          await tx.execute(sql`
            with target as (
              select id, reactions from messages
              where id = ${messageId} and channel_id = ${channel.id} and deleted_at is null
                and (not shadowed or sender_id = ${actor.user.id})
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
        if (!row?.found) throw new AppError(Errors.MESSAGE_NOT_FOUND);
        if (!row.reactions) {
          if (!row.had) throw new AppError(Errors.REACTION_LIMIT_REACHED);
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
      return viewMessage(db, actor, channel.id, messageId);
    },

    /** Takes back the member's reaction; taking back one never added changes nothing and tells no one. */
    async removeReaction(actor: UserActor, channelId: string, messageId: string, reaction: string): Promise<TMessage> {
      const { channel, member } = await requireMemberChannel(deps.channels, actor, channelId);
      await deps.channels.permissions.require(actor, channel, "react", member.role);
      await requireReadable(db, channel, member, messageId);
      const now = clock.now();
      await deps.channels.mutate(async (tx, batch) => {
        const [row] = rowsOf<{ found: boolean; reactions: Record<string, number> | null }>(
          await tx.execute(sql`
            with target as (
              select id from messages
              where id = ${messageId} and channel_id = ${channel.id} and deleted_at is null
                and (not shadowed or sender_id = ${actor.user.id})
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
        if (!row?.found) throw new AppError(Errors.MESSAGE_NOT_FOUND);
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
      return viewMessage(db, actor, channel.id, messageId);
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
      if (edit.text === undefined && edit.metadata === undefined) throw new AppError(Errors.EDIT_UNCHANGED);
      const stored = await findEditable(db, channel.id, messageId);
      if (!stored) throw new AppError(Errors.MESSAGE_NOT_FOUND);
      if (actor.kind !== "user") {
        if (stored.senderId !== null) throw new AppError(Errors.ONLY_SENDER_EDITS);
      } else if (stored.senderId === senderId) {
        // Membership, a ban and a mute are the send's rules, which `prepare` applies below.
        await deps.channels.permissions.require(actor, channel, "editOwn", member?.role ?? null);
      } else {
        if (!member) throw new AppError(Errors.NOT_CHANNEL_MEMBER);
        // Another's message is edited by a role granted it; the app's admin messages by the app alone.
        if (stored.senderId === null) throw new AppError(Errors.ONLY_SENDER_EDITS);
        await deps.channels.permissions.require(actor, channel, "editOthers", member.role);
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
      // A preview belongs to the text's first link: another link (or none) drops it, and the new link gets its own.
      const relinked = firstLinkUrl(draft.text) !== firstLinkUrl(stored.text);
      const edited = await deps.channels.mutate(async (tx, batch) => {
        const [row] = await tx
          .update(messages)
          .set({
            text: draft.text,
            metadata: draft.metadata,
            editedAt: now,
            ...(retranslated.length > 0 ? { translations: null } : {}),
            ...(relinked ? { linkPreview: null } : {}),
            // An edit a rule shadows shadows the message: from now on its sender alone reads it, as if sent so.
            ...(draft.shadowed ? { shadowed: true } : {}),
          })
          .where(and(eq(messages.id, stored.id), isNull(messages.deletedAt)))
          .returning();
        if (!row) throw new AppError(Errors.MESSAGE_NOT_FOUND);
        const [message] = await toMessages(tx, [row]);
        // A shadowed message's edit reaches its sender only, and the app marked shadowed, as its send did.
        const marked = row.shadowed && message ? { message: { ...message, shadowed: true } } : undefined;
        const event = await batch.record(tx, actor.app.id, channel.id, "message.updated", { message }, now, marked);
        if (actor.kind === "user") {
          batch.hideFrom(event, await blockersInChannel(tx, actor.app.id, channel.id, actor.user.userId));
        }
        return row;
      });
      const message = (await toMessages(db, [edited], senderId))[0] as TMessage;
      await runDeferred(draft.deferred, message, ctx.log);
      if (retranslated.length > 0) {
        for (const translate of stages.translate) {
          await translate(actor.app.id, message, { languages: retranslated, isEdited: true }).catch((err) =>
            ctx.log.error({ err, messageId: message.id }, "handing an edited message on for translation failed"),
          );
        }
      }
      if (relinked) await pipeline.handOnLinks(actor.app.id, message);
      return message;
    },

    /** Users delete their own messages; servers and the dashboard any message. */
    async deleteMessage(actor: Actor, channelId: string, messageId: string): Promise<void> {
      await changes.deleteMessages(actor, channelId, [messageId]);
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
          if (!row) throw new AppError(Errors.MESSAGE_NOT_FOUND);
          if (actor.kind === "user") {
            const permission = row.senderId === actor.user.id ? "deleteOwn" : "deleteOthers";
            const { user } = actor;
            const memberRole = async () => (await deps.channels.membership(tx, channel.id, user.id))?.role ?? null;
            await deps.channels.permissions.require(actor, channel, permission, memberRole, tx);
          }
          await changes.remove(tx, batch, actor.app.id, channel.id, row.id, now);
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
        if (!row?.found) throw new AppError(Errors.MESSAGE_NOT_FOUND);
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
  };
  return changes;
}

async function findEditable(db: Db, channelId: string, messageId: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId), isNull(messages.deletedAt)))
    .limit(1);
  return row;
}
