import {
  Errors,
  MESSAGE_TEXT_MAX,
  SCHEDULED_MESSAGE_MAX_AHEAD_DAYS,
  SCHEDULED_MESSAGE_MIN_AHEAD_SECONDS,
  SCHEDULED_MESSAGES_PENDING_MAX,
  type TEditScheduledMessageRequest,
  type TScheduledMessage,
  type TScheduledMessagesPage,
  type TScheduledMessagesQuery,
  type TScheduleMessageRequest,
} from "@parley/contract";
import { and, asc, count, eq, gt, inArray, isNotNull, lt, lte, or, type SQL } from "drizzle-orm";
import type { Context } from "../../context";
import { AppError } from "../../errors";
import { sendScheduledMessageJob } from "../../jobs/catalog";
import type { AppService } from "../apps";
import type { Actor, ChannelService } from "../channels";
import { findChatUsersByIds } from "../chat-users";
import type { MessagePipeline } from "./pipeline";
import { messages, type ScheduledMessageRow, scheduledMessages } from "./schema";

/**
 * A claimed send not finished this long after its claim is taken to be lost with its process, and is claimed again.
 * A send takes milliseconds; a second send of the same message is harmless anyway (see `clientMessageIdOf`).
 */
export const SCHEDULED_SEND_LEASE_MS = 60_000;

/** Sent and failed messages stay listed this long after their end, for their sender to read what became of them. */
const FINISHED_KEPT_MS = 30 * 86_400_000;

const DAY_MS = 86_400_000;

/**
 * The scheduled message's send is made with this idempotency key, so a send repeated after a crash (or by a second
 * process) answers the message stored the first time instead of storing another.
 */
export const clientMessageIdOf = (id: string) => `scheduled:${id}`;

type UserActor = Actor & { kind: "user" };

function toScheduledMessage(row: ScheduledMessageRow): TScheduledMessage {
  return {
    id: row.id,
    channelId: row.channelId,
    text: row.text,
    metadata: row.metadata,
    mentionedUserIds: row.mentionedUserIds,
    scheduledAt: row.scheduledAt.toISOString(),
    status: row.status,
    messageId: row.messageId,
    errorCode: row.errorCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The page cursor: the last row's time and ID, so rows scheduled at one instant page in a fixed order. */
function encodeCursor(row: ScheduledMessageRow): string {
  return `${row.scheduledAt.getTime()}_${row.id}`;
}

function decodeCursor(cursor: string): { at: Date; id: string } {
  const match = /^(\d{1,15})_([0-9a-f-]{36})$/.exec(cursor);
  if (!match?.[1] || !match[2]) throw new AppError(Errors.INVALID_REQUEST);
  return { at: new Date(Number(match[1])), id: match[2] };
}

/**
 * Scheduled messages: kept until their time, then sent once through the pipeline as their sender, by the job queue.
 * Only the sender reads, edits or cancels theirs; until the send no one else learns of it.
 */
export function createScheduledMessages(
  ctx: Context,
  deps: { apps: AppService; channels: ChannelService; pipeline: Pick<MessagePipeline, "send"> },
) {
  const { db } = ctx.database;
  const { clock } = ctx;

  function requireTimeInRange(at: Date): void {
    const now = clock.now().getTime();
    const earliest = new Date(now + SCHEDULED_MESSAGE_MIN_AHEAD_SECONDS * 1000);
    const latest = new Date(now + SCHEDULED_MESSAGE_MAX_AHEAD_DAYS * DAY_MS);
    if (at < earliest || at > latest) {
      throw new AppError(Errors.SCHEDULED_TIME_OUT_OF_RANGE, {
        earliest: earliest.toISOString(),
        latest: latest.toISOString(),
      });
    }
  }

  function requireText(text: string): void {
    if (text.trim() === "") throw new AppError(Errors.MESSAGE_EMPTY);
    if (text.length > MESSAGE_TEXT_MAX) throw new AppError(Errors.MESSAGE_TOO_LONG);
  }

  /**
   * A job due at the message's time. Its key holds the time, so after an edit of the time the new job waits beside
   * the old one, which then finds nothing due; the sweep covers a job lost before it was stored.
   */
  async function queueSend(row: Pick<ScheduledMessageRow, "id" | "scheduledAt">): Promise<void> {
    const seconds = Math.max(0, (row.scheduledAt.getTime() - clock.now().getTime()) / 1000);
    await ctx.jobs.send(
      sendScheduledMessageJob,
      { scheduledMessageId: row.id },
      { singletonKey: `${row.id}@${row.scheduledAt.toISOString()}`, startAfter: seconds },
    );
  }

  async function ownRow(actor: UserActor, id: string): Promise<ScheduledMessageRow> {
    const [row] = await db
      .select()
      .from(scheduledMessages)
      .where(
        and(
          eq(scheduledMessages.id, id),
          eq(scheduledMessages.appId, actor.app.id),
          eq(scheduledMessages.senderId, actor.user.id),
        ),
      )
      .limit(1);
    if (!row) throw new AppError(Errors.SCHEDULED_MESSAGE_NOT_FOUND);
    return row;
  }

  /** After a conditional write found no waiting row: 3231 when it is not the caller's, else 3232 with its status. */
  async function refuseNotWaiting(actor: UserActor, id: string): Promise<never> {
    const row = await ownRow(actor, id);
    throw new AppError(Errors.SCHEDULED_MESSAGE_NOT_WAITING, { status: row.status });
  }

  /** Marks the outcome, if the row is still the claim this send made. */
  async function finish(
    id: string,
    outcome: { status: "sent"; messageId: string } | { status: "failed"; errorCode: string },
  ): Promise<void> {
    const now = clock.now();
    await db
      .update(scheduledMessages)
      .set({
        status: outcome.status,
        messageId: outcome.status === "sent" ? outcome.messageId : null,
        errorCode: outcome.status === "failed" ? outcome.errorCode : null,
        claimedAt: null,
        finishedAt: now,
        updatedAt: now,
      })
      .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, "sending")));
  }

  /** Gives a claim back, so the queue's retry or the sweep sends it later. */
  async function release(id: string, scheduledAt?: Date): Promise<void> {
    await db
      .update(scheduledMessages)
      .set({ status: "scheduled", claimedAt: null, updatedAt: clock.now(), ...(scheduledAt ? { scheduledAt } : {}) })
      .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, "sending")));
  }

  /** The message an earlier claim of this one stored before its process died, if any. */
  async function alreadyStored(row: ScheduledMessageRow): Promise<string | null> {
    const [found] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(
        and(
          eq(messages.channelId, row.channelId),
          eq(messages.senderId, row.senderId),
          eq(messages.clientMessageId, clientMessageIdOf(row.id)),
        ),
      )
      .limit(1);
    return found?.id ?? null;
  }

  const service = {
    async schedule(actor: UserActor, channelId: string, input: TScheduleMessageRequest): Promise<TScheduledMessage> {
      if (!actor.user.isActive) throw new AppError(Errors.CHAT_USER_DEACTIVATED);
      const { member } = await deps.channels.requireChannelWithMember(actor.app, channelId, actor.user.id);
      if (!member) {
        if (await deps.channels.isBanned(db, channelId, actor.user.id)) throw new AppError(Errors.USER_BANNED);
        throw new AppError(Errors.NOT_CHANNEL_MEMBER);
      }
      requireText(input.text);
      const scheduledAt = new Date(input.scheduledAt);
      requireTimeInRange(scheduledAt);
      const [waiting] = await db
        .select({ n: count() })
        .from(scheduledMessages)
        .where(and(eq(scheduledMessages.senderId, actor.user.id), eq(scheduledMessages.status, "scheduled")));
      if ((waiting?.n ?? 0) >= SCHEDULED_MESSAGES_PENDING_MAX) throw new AppError(Errors.SCHEDULED_MESSAGES_LIMIT);
      const now = clock.now();
      const [row] = await db
        .insert(scheduledMessages)
        .values({
          appId: actor.app.id,
          channelId,
          senderId: actor.user.id,
          text: input.text,
          metadata: input.metadata,
          mentionedUserIds: [...new Set(input.mentionedUserIds ?? [])],
          scheduledAt,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!row) throw new Error("the scheduled message was not stored");
      await queueSend(row);
      return toScheduledMessage(row);
    },

    async list(actor: UserActor, query: TScheduledMessagesQuery, channelId?: string): Promise<TScheduledMessagesPage> {
      if (channelId) await deps.channels.requireChannel(actor.app, channelId);
      const conditions: (SQL | undefined)[] = [
        eq(scheduledMessages.appId, actor.app.id),
        eq(scheduledMessages.senderId, actor.user.id),
        channelId ? eq(scheduledMessages.channelId, channelId) : undefined,
        query.status ? eq(scheduledMessages.status, query.status) : undefined,
      ];
      if (query.cursor) {
        const after = decodeCursor(query.cursor);
        conditions.push(
          or(
            gt(scheduledMessages.scheduledAt, after.at),
            and(eq(scheduledMessages.scheduledAt, after.at), gt(scheduledMessages.id, after.id)),
          ),
        );
      }
      const rows = await db
        .select()
        .from(scheduledMessages)
        .where(and(...conditions))
        .orderBy(asc(scheduledMessages.scheduledAt), asc(scheduledMessages.id))
        .limit(query.limit + 1);
      const pageRows = rows.slice(0, query.limit);
      const last = pageRows.at(-1);
      return {
        scheduledMessages: pageRows.map(toScheduledMessage),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    async get(actor: UserActor, id: string): Promise<TScheduledMessage> {
      return toScheduledMessage(await ownRow(actor, id));
    },

    /** Changes a waiting message; one whose send has begun or ended answers 3232. */
    async edit(actor: UserActor, id: string, input: TEditScheduledMessageRequest): Promise<TScheduledMessage> {
      if (input.text !== undefined) requireText(input.text);
      const scheduledAt = input.scheduledAt !== undefined ? new Date(input.scheduledAt) : undefined;
      if (scheduledAt) requireTimeInRange(scheduledAt);
      const [row] = await db
        .update(scheduledMessages)
        .set({
          ...(input.text !== undefined ? { text: input.text } : {}),
          ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
          ...(input.mentionedUserIds !== undefined ? { mentionedUserIds: [...new Set(input.mentionedUserIds)] } : {}),
          ...(scheduledAt ? { scheduledAt } : {}),
          updatedAt: clock.now(),
        })
        .where(
          and(
            eq(scheduledMessages.id, id),
            eq(scheduledMessages.appId, actor.app.id),
            eq(scheduledMessages.senderId, actor.user.id),
            eq(scheduledMessages.status, "scheduled"),
          ),
        )
        .returning();
      if (!row) return refuseNotWaiting(actor, id);
      if (scheduledAt) await queueSend(row);
      return toScheduledMessage(row);
    },

    /**
     * Cancels a waiting message, or removes a sent or failed one from the list (the message it became stays). One
     * being sent right now answers 3232: whether it went out is known a moment later.
     */
    async remove(actor: UserActor, id: string): Promise<void> {
      const removed = await db
        .delete(scheduledMessages)
        .where(
          and(
            eq(scheduledMessages.id, id),
            eq(scheduledMessages.appId, actor.app.id),
            eq(scheduledMessages.senderId, actor.user.id),
            inArray(scheduledMessages.status, ["scheduled", "sent", "failed"]),
          ),
        )
        .returning({ id: scheduledMessages.id });
      if (removed.length === 0) await refuseNotWaiting(actor, id);
    },

    /**
     * The send at the message's time: claims the row (one claim at a time, however many jobs and processes try),
     * sends through the pipeline as its sender with the message's own idempotency key, and records the message or the
     * refusal's code. A failure that is not a refusal gives the claim back and throws, for the queue to retry.
     */
    async sendDue(id: string): Promise<void> {
      const now = clock.now();
      const lapsed = new Date(now.getTime() - SCHEDULED_SEND_LEASE_MS);
      const [row] = await db
        .update(scheduledMessages)
        .set({ status: "sending", claimedAt: now, updatedAt: now })
        .where(
          and(
            eq(scheduledMessages.id, id),
            lte(scheduledMessages.scheduledAt, now),
            or(
              eq(scheduledMessages.status, "scheduled"),
              and(eq(scheduledMessages.status, "sending"), lt(scheduledMessages.claimedAt, lapsed)),
            ),
          ),
        )
        .returning();
      if (!row) return;
      try {
        const stored = await alreadyStored(row);
        if (stored) {
          await finish(id, { status: "sent", messageId: stored });
          return;
        }
        const app = await deps.apps.cachedApp(row.appId);
        const [user] = await findChatUsersByIds(db, [row.senderId]);
        // Both cascade to this row when deleted; a read that finds neither raced that deletion.
        if (!app || !user || user.appId !== app.id) return;
        await deps.apps.requireChatAccess(app);
        const message = await deps.pipeline.send({ kind: "user", app, user }, row.channelId, {
          text: row.text,
          metadata: row.metadata,
          ...(row.mentionedUserIds.length > 0 ? { mentionedUserIds: row.mentionedUserIds } : {}),
          clientMessageId: clientMessageIdOf(row.id),
        });
        await finish(id, { status: "sent", messageId: message.id });
      } catch (err) {
        if (err instanceof AppError && err.code === Errors.SLOW_MODE_ACTIVE) {
          // The member's turn comes within the channel's cooldown: the message waits for it rather than failing.
          const wait = Math.max(1, err.data?.retryAfterSeconds ?? 1);
          const later = new Date(clock.now().getTime() + wait * 1000);
          await release(id, later);
          await queueSend({ id, scheduledAt: later });
          return;
        }
        if (err instanceof AppError && err.status < 500) {
          await finish(id, { status: "failed", errorCode: err.code });
          return;
        }
        await release(id);
        throw err;
      }
    },

    /**
     * What the sweep hands a send job each: messages due and not claimed, and claims that lapsed. Also removes
     * finished messages past their keeping time.
     */
    async dueIds(limit = 500): Promise<string[]> {
      const now = clock.now();
      await db
        .delete(scheduledMessages)
        .where(
          and(
            inArray(scheduledMessages.status, ["sent", "failed"]),
            isNotNull(scheduledMessages.finishedAt),
            lt(scheduledMessages.finishedAt, new Date(now.getTime() - FINISHED_KEPT_MS)),
          ),
        );
      const rows = await db
        .select({ id: scheduledMessages.id })
        .from(scheduledMessages)
        .where(
          and(
            lte(scheduledMessages.scheduledAt, now),
            or(
              eq(scheduledMessages.status, "scheduled"),
              and(
                eq(scheduledMessages.status, "sending"),
                lt(scheduledMessages.claimedAt, new Date(now.getTime() - SCHEDULED_SEND_LEASE_MS)),
              ),
            ),
          ),
        )
        .orderBy(asc(scheduledMessages.scheduledAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },
  };
  return service;
}

export type ScheduledMessages = ReturnType<typeof createScheduledMessages>;
