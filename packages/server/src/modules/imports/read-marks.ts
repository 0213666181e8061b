/**
 * Each imported member's read mark, from what the source says of how far they had read (decision 0273). The mark is
 * a place in the channel's imported history, and the counters stored with it are those the live code keeps there
 * (`setReadMark` in modules/channels): the countable messages up to it, those of them that reach every member of a
 * broadcast channel, and the messages after it that mention the member. So the chat API counts an imported member's
 * unread messages exactly as it would have had they read up to that place in Parley.
 */
import type { ImportReadState } from "./model";

/** One message of a channel's history as the read marks need it, in send order. */
export interface HistoryEntry {
  seq: number;
  createdAt: number;
  sourceSeq: number | undefined;
  senderUserId: string | null;
  /** Counts toward unread counts: a message of the channel, or a reply also shown in it. */
  isCountable: boolean;
  /** Reaches every member of a broadcast channel: the owner's or the app's. */
  isPublic: boolean;
  /** The users whose unread mentions it adds to (the live store's `mentionsCounted`). */
  mentions: readonly string[];
}

export interface ReadMark {
  last_read_seq: number;
  read_countable: number;
  read_countable_public: number;
  unread_mentions: number;
}

/** The first index of a non-decreasing `values` whose value is above `limit` (its length when none is). */
function firstAbove(values: ArrayLike<number>, limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((values[middle] ?? 0) > limit) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The entries that have a source seq, as pairs of that seq and the latest index among the entries whose seq is at most
 * it, sorted by seq.
 */
function sourceSeqIndex(entries: readonly HistoryEntry[]): [number, number][] {
  const pairs: [number, number][] = [];
  entries.forEach((entry, index) => {
    if (entry.sourceSeq !== undefined) pairs.push([entry.sourceSeq, index]);
  });
  pairs.sort((a, b) => a[0] - b[0]);
  let latest = -1;
  for (const pair of pairs) {
    latest = Math.max(latest, pair[1]);
    pair[1] = latest;
  }
  return pairs;
}

/** The first index of a non-decreasing `values` whose value is at least `target`. */
const firstAtLeast = (values: ArrayLike<number>, target: number) => firstAbove(values, target - 1);

/**
 * A channel's history, indexed once so that each member's mark is a few binary searches: the marks of a channel with
 * a million messages and thousands of members are worked out in well under a second.
 */
export function channelHistory(
  entries: readonly HistoryEntry[],
  options: { isBroadcast: boolean; owner: string | null },
) {
  const size = entries.length;
  const times = Float64Array.from(entries, (entry) => entry.createdAt);
  const seqs = Int32Array.from(entries, (entry) => entry.seq);
  // `countable[k]` is how many of the first k messages count toward unread; `countablePublic[k]` likewise.
  const countable = new Int32Array(size + 1);
  const countablePublic = new Int32Array(size + 1);
  const lastSent = new Map<string, number>();
  const mentionedAt = new Map<string, number[]>();
  entries.forEach((entry, index) => {
    countable[index + 1] = (countable[index] ?? 0) + (entry.isCountable ? 1 : 0);
    countablePublic[index + 1] = (countablePublic[index] ?? 0) + (entry.isCountable && entry.isPublic ? 1 : 0);
    if (entry.senderUserId !== null) lastSent.set(entry.senderUserId, index);
    if (!entry.isCountable) return;
    for (const userId of entry.mentions) {
      if (userId === entry.senderUserId) continue;
      const places = mentionedAt.get(userId);
      if (places) places.push(index);
      else mentionedAt.set(userId, [index]);
    }
  });
  const isSourceSeqOrdered = entries.every(
    (entry, index) =>
      entry.sourceSeq !== undefined && (index === 0 || entry.sourceSeq > (entries[index - 1]?.sourceSeq ?? 0)),
  );
  // Where the source's seqs are out of send order, a member's place is after the last message (in send order) whose
  // source seq is at most theirs: the source seqs sorted, each with the latest place among those up to it, make that
  // a binary search rather than a pass over the history per member.
  const bySourceSeq = isSourceSeqOrdered ? [] : sourceSeqIndex(entries);
  const sortedSeqs = Float64Array.from(bySourceSeq, ([seq]) => seq);
  const latestUpTo = Int32Array.from(bySourceSeq, ([, latest]) => latest);
  const lastAtOrBelow = (seq: number) => {
    const found = firstAbove(sortedSeqs, seq);
    return found === 0 ? -1 : (latestUpTo[found - 1] ?? -1);
  };

  /** How many of the history's first messages the member has read, by what the source says. */
  function placeOf(userId: string, read: ImportReadState | undefined): number {
    if (read === undefined) return size;
    if (read.kind === "unread") {
      // The count is of messages the member would see counted, which in a broadcast channel are the public ones.
      const counts = options.isBroadcast && userId !== options.owner ? countablePublic : countable;
      const total = counts[size] ?? 0;
      if (read.count <= 0) return size;
      if (read.count >= total) return 0;
      return firstAtLeast(counts, total - read.count);
    }
    let place: number;
    if (read.kind === "time") place = firstAbove(times, read.at.getTime());
    else if (isSourceSeqOrdered) place = firstAbove(seqs, read.seq);
    else place = lastAtOrBelow(read.seq) + 1;
    // Sending moves the sender's read mark in Parley (and in the sources), so a member has read their own messages.
    const own = lastSent.get(userId);
    return own === undefined ? place : Math.max(place, own + 1);
  }

  return {
    /** The last seq of the history: its last message's, 0 for none. */
    lastSeq: size === 0 ? 0 : (seqs[size - 1] ?? 0),
    countableSeq: countable[size] ?? 0,
    countablePublicSeq: countablePublic[size] ?? 0,
    markOf(userId: string, read: ImportReadState | undefined): ReadMark {
      const place = placeOf(userId, read);
      const mentions = mentionedAt.get(userId) ?? [];
      return {
        last_read_seq: place === 0 ? 0 : (seqs[place - 1] ?? 0),
        read_countable: countable[place] ?? 0,
        read_countable_public: countablePublic[place] ?? 0,
        unread_mentions: mentions.length - firstAtLeast(mentions, place),
      };
    },
  };
}

export type ChannelHistory = ReturnType<typeof channelHistory>;
