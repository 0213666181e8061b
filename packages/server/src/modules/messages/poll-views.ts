import type { TPoll } from "@parley/contract";
import { and, asc, count, countDistinct, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { findChatUsersByIds } from "../chat-users";
import { type PollRow, polls, pollVotes } from "./schema";

/**
 * Polls as readers see them, counted from their votes: three grouped reads for any number of polls, whatever their
 * votes. With `viewerId` (a chat user's id) each carries the options that user chose (`myVotes`).
 */
export async function pollViews(db: Db, rows: PollRow[], viewerId?: string | null): Promise<Map<string, TPoll>> {
  const views = new Map<string, TPoll>();
  if (rows.length === 0) return views;
  const ids = rows.map((row) => row.id);
  // One after another: inside a transaction `db` is a single connection, which runs one query at a time.
  const counts = await db
    .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId, n: count() })
    .from(pollVotes)
    .where(inArray(pollVotes.pollId, ids))
    .groupBy(pollVotes.pollId, pollVotes.optionId);
  const voters = await db
    .select({ pollId: pollVotes.pollId, n: countDistinct(pollVotes.chatUserId) })
    .from(pollVotes)
    .where(inArray(pollVotes.pollId, ids))
    .groupBy(pollVotes.pollId);
  const mine = viewerId
    ? await db
        .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId })
        .from(pollVotes)
        .where(and(inArray(pollVotes.pollId, ids), eq(pollVotes.chatUserId, viewerId)))
    : [];
  const creatorIds = [...new Set(rows.map((row) => row.creatorId).filter((id): id is string => id !== null))];
  const creators = new Map((await findChatUsersByIds(db, creatorIds)).map((user) => [user.id, user.userId]));
  const countOf = new Map(counts.map((c) => [`${c.pollId}/${c.optionId}`, Number(c.n)]));
  const votersOf = new Map(voters.map((v) => [v.pollId, Number(v.n)]));
  for (const row of rows) {
    const chosen = new Set(mine.filter((m) => m.pollId === row.id).map((m) => m.optionId));
    views.set(row.id, {
      id: row.id,
      messageId: row.messageId,
      question: row.question,
      options: row.options.map((option) => ({ ...option, voteCount: countOf.get(`${row.id}/${option.id}`) ?? 0 })),
      allowsMultiple: row.allowsMultiple,
      anonymous: row.anonymous,
      closesAt: row.closesAt?.toISOString() ?? null,
      closedAt: row.closedAt?.toISOString() ?? null,
      totalVoters: votersOf.get(row.id) ?? 0,
      createdBy: row.creatorId ? (creators.get(row.creatorId) ?? null) : null,
      ...(viewerId ? { myVotes: row.options.map((o) => o.id).filter((id) => chosen.has(id)) } : {}),
    });
  }
  return views;
}

/** The polls some messages carry, by message id. */
export async function pollsOfMessages(
  db: Db,
  messageIds: string[],
  viewerId?: string | null,
): Promise<Map<string, TPoll>> {
  const rows = await db.select().from(polls).where(inArray(polls.messageId, messageIds)).orderBy(asc(polls.createdAt));
  const views = await pollViews(db, rows, viewerId);
  return new Map([...views.values()].map((view) => [view.messageId, view]));
}
