import type { TSubchannelInfo } from "@parley/contract";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { EventBatch } from "../../chat/events";
import type { Db } from "../../db/client";
import { type ChannelRow, channelMembers, channelSubchannels, channels, type SubchannelRow } from "./schema";

/**
 * Subchannels split a large super group into rooms of at most `subchannelMax` members: a member's messages reach
 * their own subchannel, the app's and admins' the whole channel. Placement is decided in the database, under the
 * channel's row lock, so every process agrees on it; the counts it reads are kept by a trigger on `channel_members`.
 */

/**
 * Whether the channel's members are split into subchannels. Also written in SQL in the socket sign-in's read
 * (`socketSignInsByHash` in chat-users): change both together.
 */
export const isPartitioned = (channel: Pick<ChannelRow, "type" | "subchannelEnabled">): boolean =>
  channel.type === "supergroup" && channel.subchannelEnabled;

/**
 * Where `n` newcomers go, given how many members each subchannel holds now: each into the lowest-numbered
 * subchannel with room, and, when every one is full, into a new one with the lowest number not in use. Filling
 * the lowest first keeps newcomers together and lets the emptier rooms at the end merge away.
 */
export function assignSubchannels(counts: ReadonlyMap<number, number>, max: number, n: number): number[] {
  const held = new Map(counts);
  const placed: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const numbers = [...held.keys()].sort((a, b) => a - b);
    let target = numbers.find((number) => (held.get(number) ?? 0) < max);
    if (target === undefined) {
      target = 1;
      while (held.has(target)) target += 1;
    }
    held.set(target, (held.get(target) ?? 0) + 1);
    placed.push(target);
  }
  return placed;
}

/** A merge the merge job makes: every member of `from` moves into `into`. */
export interface Merge {
  from: number;
  into: number;
}

/**
 * What the merge job does with a channel's subchannels at `now`: which to merge, which to start or stop timing.
 * A subchannel below the minimum for the merge time moves into the fullest other subchannel that has room for all
 * its members (so a merge never overfills one), the lowest-numbered on a tie; with no such room it waits. Empty
 * subchannels are dropped at once.
 */
export function planMerges(
  rows: readonly Pick<SubchannelRow, "number" | "memberCount" | "belowMinSince">[],
  settings: { min: number; max: number; mergeMinutes: number },
  now: Date,
): { merges: Merge[]; empty: number[]; startTiming: number[]; stopTiming: number[] } {
  const counts = new Map(rows.map((row) => [row.number, row.memberCount]));
  const merges: Merge[] = [];
  const empty = rows.filter((row) => row.memberCount <= 0).map((row) => row.number);
  for (const number of empty) counts.delete(number);
  const startTiming: number[] = [];
  const stopTiming: number[] = [];
  const due = now.getTime() - settings.mergeMinutes * 60_000;
  // Smallest first: the room that empties soonest is the one to move.
  const live = rows.filter((row) => row.memberCount > 0).sort((a, b) => a.memberCount - b.memberCount);
  for (const row of live) {
    if (row.memberCount >= settings.min) {
      if (row.belowMinSince) stopTiming.push(row.number);
      continue;
    }
    if (!row.belowMinSince) {
      startTiming.push(row.number);
      continue;
    }
    if (row.belowMinSince.getTime() > due || !counts.has(row.number)) continue;
    const size = counts.get(row.number) ?? 0;
    const into = [...counts.entries()]
      .filter(([number, count]) => number !== row.number && count + size <= settings.max)
      .sort(([a, x], [b, y]) => y - x || a - b)[0];
    if (!into) continue;
    merges.push({ from: row.number, into: into[0] });
    counts.set(into[0], (counts.get(into[0]) ?? 0) + size);
    counts.delete(row.number);
  }
  return { merges, empty, startTiming, stopTiming };
}

/** The channel's subchannels, lowest number first. */
export async function subchannelRows(q: Db, channelId: string): Promise<SubchannelRow[]> {
  return q
    .select()
    .from(channelSubchannels)
    .where(eq(channelSubchannels.channelId, channelId))
    .orderBy(asc(channelSubchannels.number));
}

export const toSubchannelInfo = (rows: readonly SubchannelRow[]): TSubchannelInfo[] =>
  rows.filter((row) => row.memberCount > 0).map((row) => ({ number: row.number, memberCount: row.memberCount }));

/**
 * Places members of a partitioned channel who have no subchannel yet; the caller holds the channel's row lock.
 * Returns where each was placed (members already placed keep theirs and are left out).
 */
export async function placeMembers(tx: Db, channel: ChannelRow, chatUserIds: string[]): Promise<Map<string, number>> {
  const placed = new Map<string, number>();
  if (chatUserIds.length === 0 || !isPartitioned(channel)) return placed;
  const unplaced = await tx
    .select({ id: channelMembers.chatUserId })
    .from(channelMembers)
    .where(
      and(
        eq(channelMembers.channelId, channel.id),
        inArray(channelMembers.chatUserId, chatUserIds),
        isNull(channelMembers.subchannel),
      ),
    );
  if (unplaced.length === 0) return placed;
  const rows = await subchannelRows(tx, channel.id);
  const counts = new Map(rows.map((row) => [row.number, row.memberCount]));
  // In the caller's order, so the first to join is the first placed.
  const order = new Set(unplaced.map((row) => row.id));
  const ids = chatUserIds.filter((id) => order.has(id));
  const targets = assignSubchannels(counts, channel.subchannelMax, ids.length);
  const byNumber = new Map<number, string[]>();
  ids.forEach((id, i) => {
    const number = targets[i] as number;
    placed.set(id, number);
    byNumber.set(number, [...(byNumber.get(number) ?? []), id]);
  });
  for (const [number, members] of byNumber) {
    await tx
      .update(channelMembers)
      .set({ subchannel: number })
      .where(and(eq(channelMembers.channelId, channel.id), inArray(channelMembers.chatUserId, members)));
  }
  return placed;
}

/**
 * Places every member anew after the channel's subchannel settings changed (the caller holds the row lock):
 * with subchannels on, in the order they joined, `subchannelMax` to a subchannel; with them off, nowhere.
 * Records `subchannels.changed` so clients and every process's sockets learn it.
 */
export async function replaceAll(tx: Db, channel: ChannelRow, batch: EventBatch, at: Date): Promise<void> {
  await tx.update(channelMembers).set({ subchannel: null }).where(eq(channelMembers.channelId, channel.id));
  await tx.delete(channelSubchannels).where(eq(channelSubchannels.channelId, channel.id));
  if (isPartitioned(channel)) {
    await tx.execute(sql`
      update channel_members m set subchannel = ranked.number
      from (
        select chat_user_id,
          ((row_number() over (order by joined_at, chat_user_id)) - 1) / ${channel.subchannelMax} + 1 as number
        from channel_members where channel_id = ${channel.id}
      ) ranked
      where m.channel_id = ${channel.id} and m.chat_user_id = ranked.chat_user_id`);
  }
  await batch.record(tx, channel.appId, channel.id, "subchannels.changed", {}, at);
}

/**
 * One pass of the merge job over one channel, under its row lock: merges what {@link planMerges} says is due and
 * records a `subchannels.changed` event for each merge. Returns the merges made.
 */
export async function mergeChannel(tx: Db, channel: ChannelRow, batch: EventBatch, now: Date): Promise<Merge[]> {
  const rows = await subchannelRows(tx, channel.id);
  const plan = planMerges(
    rows,
    { min: channel.subchannelMin, max: channel.subchannelMax, mergeMinutes: channel.subchannelMergeMinutes },
    now,
  );
  const at = (numbers: number[]) =>
    and(eq(channelSubchannels.channelId, channel.id), inArray(channelSubchannels.number, numbers));
  if (plan.startTiming.length > 0) {
    await tx.update(channelSubchannels).set({ belowMinSince: now }).where(at(plan.startTiming));
  }
  if (plan.stopTiming.length > 0) {
    await tx.update(channelSubchannels).set({ belowMinSince: null }).where(at(plan.stopTiming));
  }
  for (const merge of plan.merges) {
    await tx
      .update(channelMembers)
      .set({ subchannel: merge.into })
      .where(and(eq(channelMembers.channelId, channel.id), eq(channelMembers.subchannel, merge.from)));
    await batch.record(tx, channel.appId, channel.id, "subchannels.changed", { merge }, now);
  }
  const gone = [...plan.empty, ...plan.merges.map((merge) => merge.from)];
  if (gone.length > 0) await tx.delete(channelSubchannels).where(at(gone));
  // A merged-into subchannel may now hold the minimum: its timing stops on the next pass.
  return plan.merges;
}

/** The partitioned channels that have more than one subchannel, or an empty one: what the merge job visits. */
export async function channelsToMerge(db: Db): Promise<{ id: string; appId: string }[]> {
  return db
    .select({ id: channels.id, appId: channels.appId })
    .from(channels)
    .where(
      and(
        eq(channels.type, "supergroup"),
        eq(channels.subchannelEnabled, true),
        sql`exists (select 1 from channel_subchannels s where s.channel_id = ${channels.id}
          group by s.channel_id having count(*) > 1 or min(s.member_count) <= 0)`,
      ),
    );
}
