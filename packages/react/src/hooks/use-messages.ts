import {
  type ChatEventOf,
  type OutboxItem,
  ParleyConnectionError,
  ParleyError,
  type SendOptions,
  type TMessage,
  type VoiceRecording,
} from "@parley/sdk";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  isThreadOnly,
  updateMessage,
  upsertMessages,
  withLatestCopy,
  withOwnReaction,
  withReaction,
} from "../lib/message-state";
import { useConnection } from "./use-connection";
import { useMyUserId, useParley, useParleyEvent } from "./use-parley";

export interface UseMessagesOptions {
  /** A thread: the replies to this message instead of the channel's own messages. */
  threadOf?: string;
  /** Messages per page of history (30 for a channel, 50 for a thread). */
  pageSize?: number;
}

/** An outbox item that puts a message on screen: a text or a file the user sent that the server has not confirmed. */
export type PendingMessage = Extract<OutboxItem, { kind: "send" | "file" }>;

const NO_PENDING: PendingMessage[] = [];

function isPendingMessage(item: OutboxItem): item is PendingMessage {
  return item.kind === "send" || item.kind === "file";
}

/** The newest seq among messages the server stored, or undefined when there are none. */
function newestSeq(messages: readonly TMessage[]): number | undefined {
  let newest: number | undefined;
  for (const message of messages) {
    if (typeof message.seq === "number" && (newest === undefined || message.seq > newest)) newest = message.seq;
  }
  return newest;
}

/**
 * A channel's messages (or one thread's replies): the latest page, older pages on demand, and everything live from
 * events (new messages, edits, deletes, reactions, thread counts), merged by id in seq order. The channel counts as
 * read while its messages are shown, so its unread badge stays clear. The actions apply the server's answer at once;
 * a failure lands in `error`.
 *
 * With `client.offline`, a channel's own messages (not a thread's) come from the local copy (`watchMessages`): at
 * once from what the device kept, then from the server, then at every change. Sends, reactions, edits, deletes and
 * read marks go through the outbox: `send` answers the stored item at once, and `pending` lists the channel's sends
 * the server has not confirmed (waiting, sending, or failed, for `retry` or `discard`); `sendFile` queues a file the
 * same way. Older pages still come from the server. A channel the device has nothing of, opened while the link is
 * down, is `waitingForNetwork` until the link opens, when it is loaded. A thread's replies are read from the server,
 * and sent through the outbox: its `pending` lists the replies to it the server has not confirmed.
 */
export function useMessages(channelId: string, options: UseMessagesOptions = {}) {
  const client = useParley();
  const me = useMyUserId();
  const { threadOf } = options;
  const outbox = client.offline ?? null;
  // A thread's replies are read from the network; a channel's own messages come from the local copy when there is
  // one. Sends go through the outbox either way.
  const offline = threadOf ? null : outbox;
  const pageSize = options.pageSize ?? (threadOf ? 50 : 30);
  const [messages, setMessages] = useState<TMessage[]>([]);
  const [pendingItems, setPendingItems] = useState<PendingMessage[]>(NO_PENDING);
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  /** With the local copy: it has been read for this channel at least once. */
  const [copyRead, setCopyRead] = useState(false);
  const connection = useConnection();
  const loadingOlder = useRef(false);
  /** With the local copy: whether its latest answer is the server's. */
  const copyIsFresh = useRef(false);
  /** With the local copy: an older page answered, so `hasOlder` is the server's word rather than a guess. */
  const olderAnswered = useRef(false);

  const belongs = (message: TMessage) =>
    message.type !== "hidden" && (threadOf ? message.parentMessageId === threadOf : !isThreadOnly(message));

  /** Takes in messages the user's own calls answered with (a send, a reaction, an edit). */
  const apply = useCallback(
    (...incoming: TMessage[]) => setMessages((current) => upsertMessages(current, incoming)),
    [],
  );
  const drop = useCallback((messageId: string) => setMessages((c) => c.filter((m) => m.id !== messageId)), []);

  /** The newest seq this view has marked read: a mark goes out only when the view shows something newer. */
  const markedSeq = useRef(0);
  // A mark reaches the newest message on screen, not the channel's newest: one that arrives while the mark is on its
  // way stays unread. The SDK moves its own count for the channel by it, which is what the badges show. Read marks
  // are the channel's; a thread panel leaves them to the channel beside it. With the local copy the mark is queued,
  // and joins the channel's earlier one still waiting.
  const markRead = useCallback(
    (seq: number | undefined) => {
      if (threadOf || seq === undefined || seq <= markedSeq.current) return;
      markedSeq.current = seq;
      if (offline) void offline.markRead(channelId, seq).catch(() => undefined);
      else void client.messages.markRead(channelId, seq).catch(() => undefined);
    },
    [client, offline, channelId, threadOf],
  );

  const page = useCallback(
    (before?: number) => {
      const query = { limit: pageSize, ...(before === undefined ? {} : { before }) };
      return threadOf ? client.messages.replies(channelId, threadOf, query) : client.messages.history(channelId, query);
    },
    [client, channelId, threadOf, pageSize],
  );

  useEffect(() => {
    if (offline) return;
    let cancelled = false;
    markedSeq.current = 0;
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
        markRead(newestSeq(first.messages));
      })
      .catch((failure: unknown) => !cancelled && setError(failure))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [offline, page, markRead]);

  useEffect(() => {
    if (!offline) return;
    let active = true;
    markedSeq.current = 0;
    /** Every message id a copy held. */
    const known = new Set<string>();
    copyIsFresh.current = false;
    olderAnswered.current = false;
    setMessages([]);
    setPendingItems(NO_PENDING);
    setLoading(true);
    setCopyRead(false);
    setError(null);
    setHasOlder(false);
    const heard = (source: "store" | "network") => {
      copyIsFresh.current = source === "network";
      if (source === "network") setLoading(false);
    };
    const stop = offline.watchMessages(channelId, (snapshot) => {
      const latest = snapshot.data.filter((m) => m.type !== "hidden");
      for (const message of latest) known.add(message.id);
      setMessages((current) => withLatestCopy(current, latest, known));
      setPendingItems(snapshot.pending.filter(isPendingMessage));
      setCopyRead(true);
      heard(snapshot.source);
      // The server's page is told before the copy counts as the server's: read where it came from once it does.
      if (snapshot.source === "store") queueMicrotask(() => active && heard(offline.messages(channelId).source));
      // The copy keeps only the newest messages: whether older ones exist is known once a page is asked for, and
      // until then any message before the oldest kept one may be there.
      if (!olderAnswered.current) setHasOlder((latest[0]?.seq ?? 1) > 1);
      // An empty copy may only mean the device has none yet: the list waits for the server's word then.
      if (latest.length > 0 || snapshot.pending.length > 0) setLoading(false);
      markRead(newestSeq(snapshot.data));
    });
    return () => {
      active = false;
      stop();
    };
  }, [offline, channelId, markRead]);

  useEffect(() => {
    if (!threadOf || !outbox) return;
    let active = true;
    /** The replies whose message is taken in once it is stored: the replies are the network's, not the copy's. */
    const watched = new Set<string>();
    const read = () => {
      const replies = outbox
        .outbox(channelId)
        .filter((item): item is PendingMessage => item.kind === "send" && item.options?.parentMessageId === threadOf);
      setPendingItems(replies);
      for (const item of replies) {
        if (watched.has(item.id) || item.state === "failed") continue;
        watched.add(item.id);
        outbox.settled(item.id).then(
          (stored) => {
            if (active && stored) apply(stored);
          },
          // Refused: its row says so, and a retry watches it again.
          () => watched.delete(item.id),
        );
      }
    };
    read();
    const stop = outbox.on("outbox", read);
    return () => {
      active = false;
      stop();
    };
  }, [outbox, channelId, threadOf, apply]);

  useEffect(() => {
    if (!offline) return;
    const told = new Set<string>();
    return offline.on("outbox", (items) => {
      // The copy's `messages` change is not told when a channel's last item leaves (discarded): read them here too.
      setPendingItems(offline.messages(channelId).pending.filter(isPendingMessage));
      for (const item of items) {
        if (item.channelId !== channelId || item.state !== "failed" || isPendingMessage(item)) continue;
        if (told.has(item.id) || !("target" in item) || !("messageId" in item.target)) continue;
        told.add(item.id);
        // A reaction, edit or delete the server refused: nothing on screen offers to retry it, so it is said, dropped,
        // and the copy read again to take back what it showed.
        setError(new ParleyError(item.error ?? { code: "Error", message: "" }, 0));
        void offline
          .discard(item.id)
          .then(() => offline.refreshMessages(channelId))
          .catch(() => undefined);
      }
    });
  }, [offline, channelId]);

  const oldestSeq = messages[0]?.seq;
  /** Loads the page before the oldest message shown; a call while one is under way does nothing. */
  const loadOlder = useCallback(async (): Promise<void> => {
    if (oldestSeq === undefined || loadingOlder.current) return;
    loadingOlder.current = true;
    try {
      const older = await page(oldestSeq);
      apply(...older.messages.filter((m) => m.type !== "hidden"));
      setHasOlder(older.hasMore);
      olderAnswered.current = true;
    } catch (failure) {
      // Offline, the banner says so; the list tries again when scrolled.
      if (!(offline && failure instanceof ParleyConnectionError)) setError(failure);
    } finally {
      loadingOlder.current = false;
    }
  }, [oldestSeq, page, apply, offline]);

  useParleyEvent("connection", (change) => {
    // A copy the server never answered for (opened offline) is loaded once the link is back.
    if (offline && change.state === "open" && !copyIsFresh.current) {
      offline.refreshMessages(channelId).catch(() => undefined);
    }
  });
  useParleyEvent("message.created", (event) => {
    const message = event.message;
    if (event.channelId !== channelId || !message || !belongs(message)) return;
    apply(message);
    if (message.sender?.userId !== me) markRead(message.seq);
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

  /**
   * Sends a message (in a thread, as a reply to it); a refusal is set as `error` and thrown. With the local copy it
   * is queued instead: the stored item is answered at once and shows in `pending` until the message replaces it.
   */
  const send = useCallback(
    async (text: string, sendOptions: SendOptions = {}): Promise<TMessage | OutboxItem> => {
      try {
        if (offline) return await offline.send(channelId, text, undefined, sendOptions);
        if (threadOf && outbox) {
          return await outbox.send(channelId, text, undefined, { ...sendOptions, parentMessageId: threadOf });
        }
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
    [client, offline, outbox, channelId, threadOf, apply],
  );

  /** Adds the user's reaction, or takes it back when they already added it. */
  const toggleReaction = useCallback(
    (message: TMessage, reaction: string) => {
      const added = message.myReactions?.includes(reaction) ?? false;
      if (offline) {
        // The copy counts it at once; a message older than the copy holds is counted here.
        setMessages((current) => updateMessage(current, message.id, (m) => withOwnReaction(m, reaction, !added)));
        const target = { messageId: message.id };
        const queued = added
          ? offline.unreact(channelId, target, reaction)
          : offline.react(channelId, target, reaction);
        queued.catch(setError);
        return;
      }
      const call = added
        ? client.messages.unreact(channelId, message.id, reaction)
        : client.messages.react(channelId, message.id, reaction);
      call.then(apply, setError);
    },
    [client, offline, channelId, apply],
  );

  /** Changes the text of one of the user's messages; a refusal is set as `error` and thrown. */
  const edit = useCallback(
    async (message: TMessage, text: string) => {
      try {
        if (offline) {
          await offline.edit(channelId, { messageId: message.id }, { text });
          setMessages((current) => updateMessage(current, message.id, (m) => ({ ...m, text })));
          return;
        }
        apply(await client.messages.edit(channelId, message.id, { text }));
      } catch (failure) {
        setError(failure);
        throw failure;
      }
    },
    [client, offline, channelId, apply],
  );

  /** Deletes one of the user's messages. */
  const remove = useCallback(
    (message: TMessage) => {
      if (offline) {
        drop(message.id);
        offline.delete(channelId, { messageId: message.id }).catch(setError);
        return;
      }
      client.messages.delete(channelId, message.id).then(() => drop(message.id), setError);
    },
    [client, offline, channelId, drop],
  );

  /** Takes the link preview off one of the user's messages; it goes by the server alone, as there is no copy of it. */
  const removeLinkPreview = useCallback(
    (message: TMessage) => {
      client.messages.removeLinkPreview(channelId, message.id).then(apply, setError);
    },
    [client, channelId, apply],
  );

  /**
   * With the local copy: queues a file message (`client.offline.sendFile`), stored before anything else and sent
   * when the server can be reached; the stored item is answered at once and shows in `pending` until the file
   * message replaces it. A failure to queue it is set as `error` and thrown. Null without the local copy (and in a
   * thread), where files go through the provider's `upload`.
   */
  const sendFile = useMemo(() => {
    if (!offline) return null;
    return async (file: Blob, fileOptions: { caption?: string; voice?: VoiceRecording } = {}): Promise<OutboxItem> => {
      try {
        return await offline.sendFile(channelId, file, {
          ...(fileOptions.caption ? { caption: fileOptions.caption } : {}),
          ...(fileOptions.voice ? { voice: fileOptions.voice } : {}),
        });
      } catch (failure) {
        setError(failure);
        throw failure;
      }
    };
  }, [offline, channelId]);

  /** Puts a send that failed back in line (with the local copy). */
  const retry = useCallback(
    (item: OutboxItem) => {
      outbox?.retry(item.id).catch(setError);
    },
    [outbox],
  );

  /** Drops a send that is waiting or failed (with the local copy): it is never sent. */
  const discard = useCallback(
    (item: OutboxItem) => {
      outbox?.discard(item.id).catch(setError);
    },
    [outbox],
  );

  // A message heard from the server before the outbox heard its answer is shown once, as the message.
  const pending = useMemo(() => {
    if (pendingItems.length === 0) return NO_PENDING;
    const shown = new Set(messages.map((m) => m.clientMessageId).filter(Boolean));
    const waiting = pendingItems.filter((item) => !shown.has(item.clientMessageId));
    return waiting.length === pendingItems.length ? pendingItems : waiting;
  }, [messages, pendingItems]);

  // Nothing of the channel on the device, the server not heard from, and the link down: nothing comes until it is back.
  const linkDown = connection.state === "reconnecting" || connection.state === "closed";
  const waitingForNetwork = offline !== null && copyRead && loading && linkDown;

  const markShown = useCallback(() => markRead(newestSeq(messages)), [markRead, messages]);

  return {
    messages,
    loading,
    /**
     * With the local copy: the device holds nothing of this channel yet and the link is down, so `loading` lasts
     * until the link opens (the messages are loaded then). A list says so rather than showing a spinner.
     */
    waitingForNetwork,
    hasOlder,
    loadOlder,
    error,
    setError,
    apply,
    send,
    sendFile,
    toggleReaction,
    edit,
    remove,
    removeLinkPreview,
    /** With the local copy: the sends (a thread's replies) the server has not confirmed, oldest first; otherwise empty. */
    pending,
    retry,
    discard,
    /** Marks the channel read up to the newest message on screen. */
    markRead: markShown,
  };
}

export type MessagesState = ReturnType<typeof useMessages>;
