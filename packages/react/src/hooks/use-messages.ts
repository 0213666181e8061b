import type { ChatEventOf, SendOptions, TMessage } from "@parley/sdk";
import { useCallback, useEffect, useRef, useState } from "react";
import { isThreadOnly, updateMessage, upsertMessages, withReaction } from "../lib/message-state";
import { useMyUserId, useParley, useParleyEvent } from "./use-parley";

export interface UseMessagesOptions {
  /** A thread: the replies to this message instead of the channel's own messages. */
  threadOf?: string;
  /** Messages per page of history (30 for a channel, 50 for a thread). */
  pageSize?: number;
}

/**
 * A channel's messages (or one thread's replies): the latest page, older pages on demand, and everything live from
 * events (new messages, edits, deletes, reactions, thread counts), merged by id in seq order. The channel counts as
 * read while its messages are shown, so its unread badge stays clear. The actions apply the server's answer at once;
 * a failure lands in `error`.
 */
export function useMessages(channelId: string, options: UseMessagesOptions = {}) {
  const client = useParley();
  const me = useMyUserId();
  const { threadOf } = options;
  const pageSize = options.pageSize ?? (threadOf ? 50 : 30);
  const [messages, setMessages] = useState<TMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const loadingOlder = useRef(false);

  const belongs = (message: TMessage) =>
    message.type !== "hidden" && (threadOf ? message.parentMessageId === threadOf : !isThreadOnly(message));

  /** Takes in messages the user's own calls answered with (a send, a reaction, an edit). */
  const apply = useCallback(
    (...incoming: TMessage[]) => setMessages((current) => upsertMessages(current, incoming)),
    [],
  );
  const drop = useCallback((messageId: string) => setMessages((c) => c.filter((m) => m.id !== messageId)), []);

  // Without a seq the SDK also clears its own count for the channel, which is what the badges show. Read marks are
  // the channel's; a thread panel leaves them to the channel beside it.
  const markRead = useCallback(() => {
    if (!threadOf) void client.messages.markRead(channelId).catch(() => undefined);
  }, [client, channelId, threadOf]);

  const page = useCallback(
    (before?: number) => {
      const query = { limit: pageSize, ...(before === undefined ? {} : { before }) };
      return threadOf ? client.messages.replies(channelId, threadOf, query) : client.messages.history(channelId, query);
    },
    [client, channelId, threadOf, pageSize],
  );

  useEffect(() => {
    let cancelled = false;
    setMessages([]);
    setLoading(true);
    setError(null);
    page()
      .then((first) => {
        if (cancelled) return;
        setMessages((current) =>
          upsertMessages(
            current,
            first.messages.filter((m) => m.type !== "hidden"),
          ),
        );
        setHasOlder(first.hasMore);
        markRead();
      })
      .catch((failure: unknown) => !cancelled && setError(failure))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [page, markRead]);

  const oldestSeq = messages[0]?.seq;
  /** Loads the page before the oldest message shown; a call while one is under way does nothing. */
  const loadOlder = useCallback(async (): Promise<void> => {
    if (oldestSeq === undefined || loadingOlder.current) return;
    loadingOlder.current = true;
    try {
      const older = await page(oldestSeq);
      apply(...older.messages.filter((m) => m.type !== "hidden"));
      setHasOlder(older.hasMore);
    } catch (failure) {
      setError(failure);
    } finally {
      loadingOlder.current = false;
    }
  }, [oldestSeq, page, apply]);

  useParleyEvent("message.created", (event) => {
    const message = event.message;
    if (event.channelId !== channelId || !message || !belongs(message)) return;
    apply(message);
    if (message.sender?.userId !== me) markRead();
  });
  useParleyEvent("message.updated", (event) => {
    const message = event.message;
    if (event.channelId !== channelId || !message) return;
    setMessages((current) => (current.some((m) => m.id === message.id) ? upsertMessages(current, [message]) : current));
  });
  useParleyEvent("message.deleted", (event) => {
    if (event.channelId === channelId && event.messageId) drop(event.messageId);
  });
  const onReaction = (change: "added" | "removed") => (event: ChatEventOf<"reaction.added" | "reaction.removed">) => {
    const { messageId, reaction, reactions } = event;
    if (event.channelId !== channelId || !messageId || !reaction || !reactions) return;
    // Without a user it is the app's administrator removing the reaction for everyone, this user included.
    const byMe = event.userId === me || (change === "removed" && event.userId === undefined) ? change : null;
    setMessages((current) => updateMessage(current, messageId, (m) => withReaction(m, reaction, reactions, byMe)));
  };
  useParleyEvent("reaction.added", onReaction("added"));
  useParleyEvent("reaction.removed", onReaction("removed"));
  useParleyEvent("thread.updated", (event) => {
    const { messageId, replyCount, lastRepliedAt } = event;
    if (event.channelId !== channelId || !messageId) return;
    setMessages((current) => updateMessage(current, messageId, (m) => ({ ...m, replyCount, lastRepliedAt })));
  });

  /** Sends a message (in a thread, as a reply to it); a refusal is set as `error` and thrown. */
  const send = useCallback(
    async (text: string, sendOptions: SendOptions = {}): Promise<TMessage> => {
      try {
        const sent = await client.messages.send(
          channelId,
          text,
          undefined,
          threadOf ? { ...sendOptions, parentMessageId: threadOf } : sendOptions,
        );
        apply(sent);
        return sent;
      } catch (failure) {
        setError(failure);
        throw failure;
      }
    },
    [client, channelId, threadOf, apply],
  );

  /** Adds the user's reaction, or takes it back when they already added it. */
  const toggleReaction = useCallback(
    (message: TMessage, reaction: string) => {
      const added = message.myReactions?.includes(reaction) ?? false;
      const call = added
        ? client.messages.unreact(channelId, message.id, reaction)
        : client.messages.react(channelId, message.id, reaction);
      call.then(apply, setError);
    },
    [client, channelId, apply],
  );

  /** Changes the text of one of the user's messages; a refusal is set as `error` and thrown. */
  const edit = useCallback(
    async (message: TMessage, text: string) => {
      try {
        apply(await client.messages.edit(channelId, message.id, { text }));
      } catch (failure) {
        setError(failure);
        throw failure;
      }
    },
    [client, channelId, apply],
  );

  /** Deletes one of the user's messages. */
  const remove = useCallback(
    (message: TMessage) => {
      client.messages.delete(channelId, message.id).then(() => drop(message.id), setError);
    },
    [client, channelId, drop],
  );

  return { messages, loading, hasOlder, loadOlder, error, setError, apply, send, toggleReaction, edit, remove };
}

export type MessagesState = ReturnType<typeof useMessages>;
