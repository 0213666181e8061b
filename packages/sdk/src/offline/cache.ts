import type { TChannel, TChatEvent, TMessage } from "@parley/sdk";

/** Whether a message belongs in a channel's own list: not hidden, and not a reply kept in its thread. */
export function inChannelList(message: TMessage): boolean {
  return message.type !== "hidden" && !(message.parentMessageId && !message.showInChannel);
}

/** Whether a queued send is a reply kept in its thread, which the channel's own list leaves out as it will the message. */
export function threadOnly(item: { options?: { parentMessageId?: string; showInChannel?: boolean } }): boolean {
  return Boolean(item.options?.parentMessageId && !item.options.showInChannel);
}

/**
 * Takes `incoming` into a list kept oldest first by seq, replacing copies by id (a newer copy keeps the user's own
 * reactions, which events do not carry; a link preview is the newer copy's alone, as one without it had it removed),
 * and keeps the newest `limit`.
 */
export function mergeMessages(current: TMessage[], incoming: TMessage[], limit: number): TMessage[] {
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
  const merged = [...byId.values()].sort((a, b) => a.seq - b.seq);
  return merged.length > limit ? merged.slice(merged.length - limit) : merged;
}

/**
 * A channel's newest page from the server over the copy's messages: the page replaces what the copy kept when it was
 * asked for (`kept`, ids), since messages deleted while away are not in it; what the copy took in while it was on its
 * way (an event, the answer to this user's own send) is newer than the server's read and stays, or a message just
 * sent would vanish from its sender's screen.
 */
export function pageOverCopy(kept: ReadonlySet<string>, copy: TMessage[], page: TMessage[], limit: number): TMessage[] {
  return mergeMessages(
    copy.filter((m) => !kept.has(m.id)),
    page,
    limit,
  );
}

/** Applies a change to the message with `messageId` in a list, if it is there; the same list otherwise. */
export function changeMessage(list: TMessage[], messageId: string, change: (m: TMessage) => TMessage): TMessage[] {
  return list.some((m) => m.id === messageId) ? list.map((m) => (m.id === messageId ? change(m) : m)) : list;
}

/** A message after a reaction event: the counts every member sees, and the user's own set when it was them. */
export function withReactionEvent(message: TMessage, event: TChatEvent, me: string | null): TMessage {
  const reaction = event.reaction;
  if (!reaction || !event.reactions) return message;
  const mine = new Set(message.myReactions ?? []);
  // Without a user it is the app's administrator removing the reaction for everyone, this user included.
  const byMe = event.userId === undefined ? event.type === "reaction.removed" : event.userId === me;
  if (byMe && event.type === "reaction.added") mine.add(reaction);
  if (byMe && event.type === "reaction.removed") mine.delete(reaction);
  return { ...message, reactions: event.reactions, myReactions: [...mine] };
}

/** A message after the user's own reaction was added or taken back, before the server has heard of it. */
export function withOwnReaction(message: TMessage, reaction: string, added: boolean): TMessage {
  const mine = new Set(message.myReactions ?? []);
  const had = mine.has(reaction);
  if (had === added) return message;
  const reactions = { ...(message.reactions ?? {}) };
  const count = (reactions[reaction] ?? 0) + (added ? 1 : -1);
  if (count > 0) reactions[reaction] = count;
  else delete reactions[reaction];
  if (added) mine.add(reaction);
  else mine.delete(reaction);
  return { ...message, reactions, myReactions: [...mine] };
}

/** When a channel last had activity: its last message, or its creation. */
function activityOf(channel: TChannel): string {
  return channel.lastMessage?.createdAt ?? channel.createdAt;
}

/**
 * Newest activity first, as chat apps list their rooms. The times are the server's ISO 8601 strings, all of one
 * format, so their code-unit order is their time order: compared with `<`, not `localeCompare`, whose first call on
 * a page loads the locale's collation tables (some 10 ms in Chromium) just before the list is first drawn.
 */
export function byActivity(a: TChannel, b: TChannel): number {
  const first = activityOf(a);
  const second = activityOf(b);
  if (first > second) return -1;
  return first < second ? 1 : 0;
}

/**
 * A channel as an event says it is now, keeping what the event's copy may lack: the user's unread counts and the
 * last message, which the channel events do not carry.
 */
export function withChannelEvent(current: TChannel, changed: TChannel): TChannel {
  return {
    ...current,
    ...changed,
    lastMessage: changed.lastMessage ?? current.lastMessage,
    unreadCount: changed.unreadCount ?? current.unreadCount,
    unreadMentionCount: changed.unreadMentionCount ?? current.unreadMentionCount,
  };
}
