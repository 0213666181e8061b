import type { TMessage, TMessagesResponse } from "@parley/contract";
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Bus } from "../../chat/bus";
import { type EventBatch, toEvent } from "../../chat/events";
import { chatEvents } from "../../chat/schema";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { type Actor, type ChannelService, channelIdsOfMember, setReadMark, subchannelOfMember } from "../channels";
import type { MetricsService } from "../metrics";
import { toMessages } from "./mapping";
import { createMessagePipeline, type PipelineStages } from "./pipeline";
import { messages } from "./schema";

export type { MessageDraft, PipelineStages, SendInput } from "./pipeline";

/** The message pipeline (pipeline.ts) and what reads and removes stored messages. */
export function createMessageService(
  ctx: Context,
  deps: { bus: Bus; channels: ChannelService; metrics: MetricsService },
  stages: PipelineStages,
) {
  const { db } = ctx.database;
  const { clock } = ctx;
  const pipeline = createMessagePipeline(ctx, deps, stages);

  const service = {
    ...pipeline,

    async history(
      actor: Actor,
      channelId: string,
      query: { before?: number; after?: number; limit: number; subchannel?: number | undefined },
    ): Promise<TMessagesResponse> {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      // A member of a split super group reads their own subchannel; an admin reads one when asking for it.
      let subchannel = query.subchannel ?? null;
      if (actor.kind === "user") {
        const member = await deps.channels.membership(db, channel.id, actor.user.id);
        if (!member) throw new AppError("3020");
        subchannel = await deps.channels.subchannelOf(channel, member);
      }
      const base = and(
        eq(messages.channelId, channel.id),
        isNull(messages.deletedAt),
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
      return { messages: await toMessages(db, pageRows), hasMore: rows.length > query.limit };
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

    /** Deletes a stored message in the caller's transaction and records its event; false when already gone. */
    async remove(tx: Db, batch: EventBatch, appId: string, channelId: string, messageId: string, now: Date) {
      const removed = await tx
        .update(messages)
        .set({ deletedAt: now })
        .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId), isNull(messages.deletedAt)))
        .returning({ id: messages.id });
      if (removed.length === 0) return false;
      await batch.record(tx, appId, channelId, "message.deleted", { messageId }, now);
      return true;
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
            // Messages of a subchannel are only its members' to hear.
            sql`(${chatEvents.payload}->'message'->>'subchannel' is null or
              (${chatEvents.payload}->'message'->>'subchannel')::int = (${subchannelOfMember(db, chatEvents.channelId, actor.user.id)}))`,
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

export type MessageService = ReturnType<typeof createMessageService>;
