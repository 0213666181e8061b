import type { TChatEvent, TMessage } from "@parley/contract";

/** How one event changes a message the view already holds. */
export interface MessagePatch {
  messageId: string;
  apply: (message: TMessage) => TMessage;
}

/**
 * The change an event makes to a message already on screen: an edit, reaction counts, a thread's counts. Each
 * carries the new state whole (never a difference), so applying one again, or after a page that already had it,
 * leaves the same message.
 */
export function patchOf(event: TChatEvent): MessagePatch | null {
  switch (event.type) {
    case "message.updated": {
      const updated = event.message;
      return updated ? { messageId: updated.id, apply: (message) => ({ ...message, ...updated }) } : null;
    }
    case "reaction.added":
    case "reaction.removed": {
      const { messageId, reactions } = event;
      return messageId && reactions ? { messageId, apply: (message) => ({ ...message, reactions }) } : null;
    }
    case "thread.updated": {
      const { messageId, replyCount } = event;
      if (!messageId || replyCount === undefined) return null;
      // A thread whose last reply was deleted has no last reply time.
      const lastRepliedAt = event.lastRepliedAt ?? null;
      return { messageId, apply: (message) => ({ ...message, replyCount, lastRepliedAt }) };
    }
    default:
      return null;
  }
}

/** A reply kept in its thread: the thread panel's to show, not the channel's. */
export const isThreadOnly = (message: TMessage) => Boolean(message.parentMessageId) && !message.showInChannel;

/** Who else hears the chat view's socket: the thread panel, which opens after the view has subscribed. */
export interface ChatEventListener {
  onEvent: (event: TChatEvent) => void;
  onSubscribed: () => void;
  /** Messages this view deleted, ahead of their `message.deleted` events. */
  onRemoved: (messageIds: string[]) => void;
}

export function createChatEventHub() {
  const listeners = new Set<ChatEventListener>();
  return {
    listen(listener: ChatEventListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    event(event: TChatEvent) {
      for (const listener of listeners) listener.onEvent(event);
    },
    subscribed() {
      for (const listener of listeners) listener.onSubscribed();
    },
    removed(messageIds: string[]) {
      for (const listener of listeners) listener.onRemoved(messageIds);
    },
  };
}
export type ChatEventHub = ReturnType<typeof createChatEventHub>;
