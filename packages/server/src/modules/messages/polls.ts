import { randomUUID } from "node:crypto";
import {
  DAY_MS,
  Errors,
  POLL_CLOSES_WITHIN_DAYS,
  type TCreatePollRequest,
  type TMessage,
  type TPoll,
  type TPollVotersResponse,
} from "@parley/contract";
import { and, asc, eq, gt, isNull, lte, or } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import type { Context } from "../../context";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { closePollJob } from "../../jobs/catalog";
import type { Actor, ChannelRow, ChannelService } from "../channels";
import { findChatUsersByIds } from "../chat-users";
import type { MessagePipeline } from "./pipeline";
import { pollViews } from "./poll-views";
import { requireMemberChannel, requireReadable, type UserActor } from "./reading";
import { messages, type PollRow, polls, pollVotes } from "./schema";

/** Polls closed by one run of the sweep at most; the next run takes the rest. */
const SWEEP_BATCH = 200;

function encodeCursor(at: Date, chatUserId: string): string {
  return Buffer.from(`${at.toISOString()}|${chatUserId}`).toString("base64url");
}

function decodeCursor(cursor: string): { at: Date; chatUserId: string } {
  const [at, chatUserId] = Buffer.from(cursor, "base64url").toString().split("|");
  const date = new Date(at ?? "");
  if (!chatUserId || !/^[0-9a-f-]{36}$/.test(chatUserId) || Number.isNaN(date.getTime())) {
    throw new AppError(Errors.INVALID_REQUEST, { reason: "cursor" });
  }
  return { at: date, chatUserId };
}

/**
 * Polls: created as a message of type `poll` through the pipeline, voted on by members, closed by hand or at their
 * closing time. Every change to a poll's counts or state is one transaction that locks the poll's row, so a member's
 * two votes at once are taken one after the other, and records one `poll.updated` event (decision 0290).
 */
export function createPolls(ctx: Context, deps: { channels: ChannelService }, pipeline: Pick<MessagePipeline, "send">) {
  const { db } = ctx.database;
  const { clock } = ctx;

  /** The poll of a live message in the channel: 3220 otherwise. */
  async function findPoll(q: Db, channel: ChannelRow, pollId: string, lock = false): Promise<PollRow> {
    const query = q
      .select({ poll: polls })
      .from(polls)
      .innerJoin(messages, eq(messages.id, polls.messageId))
      .where(and(eq(polls.id, pollId), eq(polls.channelId, channel.id), isNull(messages.deletedAt)))
      .limit(1);
    const [row] = lock ? await query.for("update", { of: polls }) : await query;
    if (!row) throw new AppError(Errors.POLL_NOT_FOUND);
    return row.poll;
  }

  /** 3220 for a poll whose message the member does not read (before their join where that is hidden, shadowed). */
  async function requireReadablePoll(
    channel: ChannelRow,
    member: Parameters<typeof requireReadable>[2],
    poll: PollRow,
  ): Promise<void> {
    try {
      await requireReadable(db, channel, member, poll.messageId, { shadowed: true });
    } catch (err) {
      if (err instanceof AppError && err.code === Errors.MESSAGE_NOT_FOUND) throw new AppError(Errors.POLL_NOT_FOUND);
      throw err;
    }
  }

  /** A member who reads the poll, or the app's server. */
  async function reachPoll(actor: Actor, channelId: string, pollId: string) {
    if (actor.kind !== "user") {
      const channel = await deps.channels.requireChannel(actor.app, channelId);
      return { channel, member: null, poll: await findPoll(db, channel, pollId) };
    }
    const { channel, member } = await requireMemberChannel(deps.channels, actor, channelId);
    const poll = await findPoll(db, channel, pollId);
    await requireReadablePoll(channel, member, poll);
    return { channel, member, poll };
  }

  async function viewOf(q: Db, poll: PollRow, viewerId?: string | null): Promise<TPoll> {
    return (await pollViews(q, [poll], viewerId)).get(poll.id) as TPoll;
  }

  /** Tells the channel the poll as it is now; every member hears the same, so without `myVotes`. */
  async function recordUpdate(tx: Db, batch: EventBatch, poll: PollRow, now: Date): Promise<void> {
    const view = await viewOf(tx, poll);
    await batch.record(tx, poll.appId, poll.channelId, "poll.updated", { messageId: poll.messageId, poll: view }, now);
  }

  /**
   * Closes a poll whose row the transaction holds locked, once: a poll closed already changes nothing and tells no
   * one. A poll past its closing time is closed as of that time, so every reader sees the same `closedAt`.
   */
  async function closeLocked(tx: Db, batch: EventBatch, poll: PollRow, now: Date): Promise<PollRow | null> {
    if (poll.closedAt) return null;
    const at = poll.closesAt && poll.closesAt <= now ? poll.closesAt : now;
    const [closed] = await tx
      .update(polls)
      .set({ closedAt: at })
      .where(and(eq(polls.id, poll.id), isNull(polls.closedAt)))
      .returning();
    if (!closed) return null;
    await recordUpdate(tx, batch, closed, now);
    return closed;
  }

  const isPastClosing = (poll: PollRow, now: Date) => poll.closesAt !== null && poll.closesAt <= now;

  /**
   * A vote's change inside the poll's lock: refused once the poll is closed; a poll found past its closing time is
   * closed first (the job may not have run yet), which commits, and then the vote is refused.
   */
  async function changeVotes(
    actor: UserActor,
    channel: ChannelRow,
    pollId: string,
    change: (tx: Db, poll: PollRow, now: Date) => Promise<boolean>,
  ): Promise<TPoll> {
    const now = clock.now();
    const outcome = await deps.channels.mutate(async (tx, batch) => {
      const poll = await findPoll(tx, channel, pollId, true);
      if (poll.closedAt) return "closed" as const;
      if (isPastClosing(poll, now)) {
        await closeLocked(tx, batch, poll, now);
        return "closed" as const;
      }
      if (await change(tx, poll, now)) await recordUpdate(tx, batch, poll, now);
      return viewOf(tx, poll, actor.user.id);
    });
    if (outcome === "closed") throw new AppError(Errors.POLL_CLOSED);
    return outcome;
  }

  async function votesOf(tx: Db, pollId: string, chatUserId: string): Promise<string[]> {
    const rows = await tx
      .select({ optionId: pollVotes.optionId })
      .from(pollVotes)
      .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.chatUserId, chatUserId)));
    return rows.map((row) => row.optionId);
  }

  const service = {
    /**
     * Sends a poll as a message of type `poll` through the pipeline (the channel's rules, `send` among the roles'
     * grants, the checks and filters), the poll stored by the message's own statement. A resend with the same
     * `clientMessageId` answers the poll message already stored.
     */
    async createPoll(actor: Actor, channelId: string, request: TCreatePollRequest): Promise<TMessage> {
      const now = clock.now();
      const closesAt = request.closesAt ? new Date(request.closesAt) : null;
      if (closesAt && (closesAt <= now || closesAt.getTime() > now.getTime() + POLL_CLOSES_WITHIN_DAYS * DAY_MS)) {
        throw new AppError(Errors.POLL_CLOSES_AT_INVALID);
      }
      const texts = request.options.map((text) => text.toLocaleLowerCase());
      if (new Set(texts).size !== texts.length) throw new AppError(Errors.POLL_OPTIONS_DUPLICATE);
      const message = await pipeline.send(
        actor,
        channelId,
        {
          text: request.question,
          clientMessageId: request.clientMessageId,
          poll: {
            id: randomUUID(),
            options: request.options.map((text, i) => ({ id: String(i + 1), text })),
            allowsMultiple: request.allowsMultiple,
            anonymous: request.anonymous,
            closesAt,
          },
        },
        "poll",
      );
      if (message.poll?.closesAt && !message.poll.closedAt) {
        const wait = (new Date(message.poll.closesAt).getTime() - clock.now().getTime()) / 1000;
        // Keyed by the poll, so a resend schedules nothing more; the sweep closes what a crash here left.
        await ctx.jobs.send(
          closePollJob,
          { pollId: message.poll.id },
          { singletonKey: `poll-close:${message.poll.id}`, startAfter: Math.max(0, Math.ceil(wait)) },
        );
      }
      return message;
    },

    async getPoll(actor: Actor, channelId: string, pollId: string): Promise<TPoll> {
      const { poll } = await reachPoll(actor, channelId, pollId);
      return viewOf(db, poll, actor.kind === "user" ? actor.user.id : null);
    },

    /**
     * Sets the member's choice, replacing any earlier one. The same choice again changes nothing and tells no one.
     * Voting takes the `react` grant: a member's answer to a message, as a reaction is.
     */
    async vote(actor: UserActor, channelId: string, pollId: string, optionIds: string[]): Promise<TPoll> {
      const { channel, member } = await requireMemberChannel(deps.channels, actor, channelId);
      await deps.channels.permissions.require(actor, channel, "react", member.role);
      const found = await findPoll(db, channel, pollId);
      await requireReadablePoll(channel, member, found);
      const known = new Set(found.options.map((option) => option.id));
      if (optionIds.some((id) => !known.has(id))) throw new AppError(Errors.POLL_OPTION_UNKNOWN);
      const chosen = new Set(optionIds);
      if (chosen.size !== optionIds.length || (!found.allowsMultiple && chosen.size !== 1)) {
        throw new AppError(Errors.POLL_CHOICE_INVALID);
      }
      return changeVotes(actor, channel, pollId, async (tx, poll, now) => {
        const before = await votesOf(tx, poll.id, actor.user.id);
        if (before.length === chosen.size && before.every((id) => chosen.has(id))) return false;
        await tx.delete(pollVotes).where(and(eq(pollVotes.pollId, poll.id), eq(pollVotes.chatUserId, actor.user.id)));
        await tx
          .insert(pollVotes)
          .values(
            [...chosen].map((optionId) => ({ pollId: poll.id, chatUserId: actor.user.id, optionId, createdAt: now })),
          );
        return true;
      });
    },

    /** Takes back the member's vote; taking back none changes nothing and tells no one. */
    async retractVote(actor: UserActor, channelId: string, pollId: string): Promise<TPoll> {
      const { channel, member } = await requireMemberChannel(deps.channels, actor, channelId);
      const found = await findPoll(db, channel, pollId);
      await requireReadablePoll(channel, member, found);
      return changeVotes(actor, channel, pollId, async (tx, poll) => {
        const removed = await tx
          .delete(pollVotes)
          .where(and(eq(pollVotes.pollId, poll.id), eq(pollVotes.chatUserId, actor.user.id)))
          .returning({ optionId: pollVotes.optionId });
        return removed.length > 0;
      });
    },

    /**
     * Closes a poll by hand: its creator, whoever may pin in the channel (its owner and moderators, the app's
     * moderators: those who keep order over others' messages), or the app's server. 3221 when it is closed already.
     */
    async closePoll(actor: Actor, channelId: string, pollId: string): Promise<TPoll> {
      const { channel, member, poll: found } = await reachPoll(actor, channelId, pollId);
      if (actor.kind === "user" && found.creatorId !== actor.user.id) {
        const may = await deps.channels.permissions.can(actor, channel, "pin", member?.role ?? null);
        if (!may) throw new AppError(Errors.POLL_CLOSE_DENIED, { permission: "pin" });
      }
      const now = clock.now();
      const closed = await deps.channels.mutate(async (tx, batch) =>
        closeLocked(tx, batch, await findPoll(tx, channel, pollId, true), now),
      );
      if (!closed) throw new AppError(Errors.POLL_CLOSED);
      return viewOf(db, closed, actor.kind === "user" ? actor.user.id : null);
    },

    /** Who chose one option, earliest first; 3224 on an anonymous poll, for everyone, the app's server included. */
    async listVoters(
      actor: Actor,
      channelId: string,
      pollId: string,
      optionId: string,
      query: { cursor?: string | undefined; limit: number },
    ): Promise<TPollVotersResponse> {
      const { poll } = await reachPoll(actor, channelId, pollId);
      if (!poll.options.some((option) => option.id === optionId)) throw new AppError(Errors.POLL_OPTION_UNKNOWN);
      if (poll.anonymous) throw new AppError(Errors.POLL_ANONYMOUS);
      const after = query.cursor ? decodeCursor(query.cursor) : null;
      const rows = await db
        .select({ chatUserId: pollVotes.chatUserId, createdAt: pollVotes.createdAt })
        .from(pollVotes)
        .where(
          and(
            eq(pollVotes.pollId, poll.id),
            eq(pollVotes.optionId, optionId),
            after
              ? or(
                  gt(pollVotes.createdAt, after.at),
                  and(eq(pollVotes.createdAt, after.at), gt(pollVotes.chatUserId, after.chatUserId)),
                )
              : undefined,
          ),
        )
        .orderBy(asc(pollVotes.createdAt), asc(pollVotes.chatUserId))
        .limit(query.limit + 1);
      const shown = rows.slice(0, query.limit);
      const users = new Map(
        (
          await findChatUsersByIds(
            db,
            shown.map((row) => row.chatUserId),
          )
        ).map((user) => [user.id, user]),
      );
      const last = shown.at(-1);
      return {
        voters: shown.flatMap((row) => {
          const user = users.get(row.chatUserId);
          return user
            ? [
                {
                  userId: user.userId,
                  nickname: user.nickname,
                  profileImageUrl: user.profileImageUrl,
                  votedAt: row.createdAt.toISOString(),
                },
              ]
            : [];
        }),
        nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.chatUserId) : null,
      };
    },

    /**
     * Closes a poll whose closing time has come (the `polls.close` job): as of that time, once. Early (the queue's
     * clock ahead of this process's), it answers how many seconds are left, for the job to be sent again.
     */
    async closeIfDue(pollId: string): Promise<number | null> {
      const now = clock.now();
      const [row] = await db.select().from(polls).where(eq(polls.id, pollId)).limit(1);
      if (!row || row.closedAt || !row.closesAt) return null;
      if (row.closesAt > now) return Math.ceil((row.closesAt.getTime() - now.getTime()) / 1000);
      await deps.channels.mutate(async (tx, batch) => {
        const [locked] = await tx.select().from(polls).where(eq(polls.id, pollId)).for("update");
        if (locked) await closeLocked(tx, batch, locked, now);
      });
      return null;
    },

    /** Closes every poll past its closing time that is still open: what a lost `polls.close` job left. */
    async closeDuePolls(): Promise<number> {
      const now = clock.now();
      const due = await db
        .select({ id: polls.id })
        .from(polls)
        .where(and(isNull(polls.closedAt), lte(polls.closesAt, now)))
        .orderBy(asc(polls.closesAt))
        .limit(SWEEP_BATCH);
      for (const { id } of due) await service.closeIfDue(id);
      return due.length;
    },
  };
  return service;
}

export type Polls = ReturnType<typeof createPolls>;
