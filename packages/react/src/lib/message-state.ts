import type { TMessage } from "@parley/sdk";

/** A reply that lives in its thread only; a reply sent with `showInChannel` also belongs to the channel's list. */
export function isThreadOnly(message: TMessage): boolean {
  return Boolean(message.parentMessageId) && !message.showInChannel;
}

/**
 * Takes in messages by id, keeping seq order, so a message heard twice (send answer and event) shows once. A newer
 * copy keeps what the older knew of the user's own reactions: events carry the counts every member sees, not
 * `myReactions`, which only answers to this user do. A link preview is the newer copy's alone: one without it had it
 * removed. New messages after the newest known are appended without
 * sorting, so a live message costs one copy of the list however long the history loaded so far is.
 */
export function upsertMessages(current: TMessage[], incoming: TMessage[]): TMessage[] {
  if (incoming.length === 0) return current;
  let newest = current[current.length - 1]?.seq ?? Number.NEGATIVE_INFINITY;
  let fresh = true;
  for (const message of incoming) {
    fresh = message.seq > newest;
    if (!fresh) break;
    newest = message.seq;
  }
  if (fresh) return [...current, ...incoming];

  const byId = new Map(current.map((m) => [m.id, m]));
  for (const message of incoming) {
    const before = byId.get(message.id);
    if (!before) {
      byId.set(message.id, message);
      continue;
    }
    const { linkPreview: _older, ...kept } = before;
    byId.set(message.id, { ...kept, ...message, myReactions: message.myReactions ?? before.myReactions });
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Changes one message of the list, if it is there. */
export function updateMessage(
  current: TMessage[],
  messageId: string,
  change: (message: TMessage) => TMessage,
): TMessage[] {
  return current.some((m) => m.id === messageId) ? current.map((m) => (m.id === messageId ? change(m) : m)) : current;
}

/** A message after someone added or removed a reaction: the new counts, and the user's own set if it was them. */
export function withReaction(
  message: TMessage,
  reaction: string,
  reactions: Record<string, number>,
  byMe: "added" | "removed" | null,
): TMessage {
  const mine = new Set(message.myReactions ?? []);
  if (byMe === "added") mine.add(reaction);
  if (byMe === "removed") mine.delete(reaction);
  return { ...message, reactions, myReactions: [...mine] };
}

/** A message after the user's own reaction was added or taken back, before the server has answered. */
export function withOwnReaction(message: TMessage, reaction: string, added: boolean): TMessage {
  const mine = new Set(message.myReactions ?? []);
  if (mine.has(reaction) === added) return message;
  const reactions = { ...(message.reactions ?? {}) };
  const count = (reactions[reaction] ?? 0) + (added ? 1 : -1);
  if (count > 0) reactions[reaction] = count;
  else delete reactions[reaction];
  if (added) mine.add(reaction);
  else mine.delete(reaction);
  return { ...message, reactions, myReactions: [...mine] };
}

/**
 * The messages shown after the local copy answered `latest` (a channel's newest, oldest first): the copy is taken
 * as it is for what it holds, and what it no longer holds but once did (deleted, or gone from the server's newest
 * page) leaves too. Older pages loaded from the server (below the copy's oldest) stay, and so do messages that came
 * some other way and the copy has not taken in yet. `fromCopy` is every id a copy ever held.
 */
export function withLatestCopy(current: TMessage[], latest: TMessage[], fromCopy: ReadonlySet<string>): TMessage[] {
  const ids = new Set(latest.map((m) => m.id));
  const oldest = latest[0]?.seq ?? Number.NEGATIVE_INFINITY;
  const kept = current.filter((m) => !ids.has(m.id) && (m.seq < oldest || !fromCopy.has(m.id)));
  if (kept.length === 0) return latest;
  return [...kept, ...latest].sort((a, b) => a.seq - b.seq);
}
