import type { TMessage } from "@parley/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { getMessages } from "../api/get-messages";
import { getReplies } from "../api/get-replies";
import type { MessagePatch } from "./message-events";

interface State {
  messages: TMessage[];
  hasOlder: boolean;
  status: "loading" | "ready" | "error";
  error: unknown;
  isLoadingOlder: boolean;
  /**
   * Messages deleted while the view was open. A history page read before a deletion still holds the message, and
   * must not bring it back.
   */
  removedIds: ReadonlySet<string>;
  /**
   * Changes to messages (edits, reactions, thread counts) heard before the first page loaded. That page may have been
   * read before them, so they are applied to it again when it arrives.
   */
  pending: MessagePatch[];
}

type Action =
  | { type: "loaded"; messages: TMessage[]; hasOlder: boolean }
  | { type: "failed"; error: unknown }
  | { type: "loading-older" }
  | { type: "older"; messages: TMessage[]; hasOlder: boolean }
  | { type: "older-failed"; error: unknown }
  | { type: "merge"; messages: TMessage[] }
  | { type: "remove"; messageIds: string[] }
  | { type: "patch"; patch: MessagePatch };

const initialState: State = {
  messages: [],
  hasOlder: false,
  status: "loading",
  error: null,
  isLoadingOlder: false,
  removedIds: new Set(),
  pending: [],
};

const applyPatches = (messages: TMessage[], patches: MessagePatch[]) =>
  patches.length === 0
    ? messages
    : messages.map((message) =>
        patches.reduce((current, patch) => (patch.messageId === current.id ? patch.apply(current) : current), message),
      );

/** History, live events and catch-up pages can overlap; keep each message once, in seq order. */
function mergeBySeq(current: TMessage[], incoming: TMessage[], removedIds: ReadonlySet<string>) {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].filter((message) => !removedIds.has(message.id)).sort((a, b) => a.seq - b.seq);
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "loaded": {
      // The latest page replaces what was held, except live messages newer than the page: they arrived while it
      // loaded, after the server had read it.
      const newest = action.messages.at(-1)?.seq ?? 0;
      const newer = state.messages.filter((message) => message.seq > newest);
      return {
        ...initialState,
        removedIds: state.removedIds,
        status: "ready",
        messages: applyPatches(mergeBySeq(action.messages, newer, state.removedIds), state.pending),
        hasOlder: action.hasOlder,
      };
    }
    case "failed":
      return { ...state, status: "error", error: action.error };
    case "loading-older":
      return { ...state, isLoadingOlder: true };
    case "older":
      return {
        ...state,
        isLoadingOlder: false,
        hasOlder: action.hasOlder,
        messages: mergeBySeq(state.messages, action.messages, state.removedIds),
      };
    case "older-failed":
      return { ...state, isLoadingOlder: false, error: action.error };
    case "merge":
      return { ...state, messages: mergeBySeq(state.messages, action.messages, state.removedIds) };
    case "remove": {
      const removedIds = new Set([...state.removedIds, ...action.messageIds]);
      return { ...state, removedIds, messages: state.messages.filter((message) => !removedIds.has(message.id)) };
    }
    case "patch": {
      const messages = applyPatches(state.messages, [action.patch]);
      return state.status === "ready"
        ? { ...state, messages }
        : { ...state, messages, pending: [...state.pending, action.patch] };
    }
  }
}

/** Catch-up stops after this many pages; beyond that a full reload is cheaper than paging forward. */
const MAX_CATCH_UP_PAGES = 5;

/**
 * The chat view's messages: latest page of history, older pages on demand, live additions and removals.
 *
 * Nothing sent while the view opens or reconnects is lost: live events are merged into whatever is held (before
 * the history has loaded too), a history page keeps the live messages newer than itself, and after every
 * acknowledged subscription `catchUp` reads by seq from the newest message held, once the history is in. A message
 * therefore either arrives as an event (sent after the subscription took effect) or is in a page read after it.
 */
export function useChannelMessages(
  appId: string,
  channelId: string,
  subchannel?: number,
  /** A thread's parent: the view holds that thread's replies instead of the channel's history. */
  parentMessageId?: string,
) {
  const [state, setState] = useState(initialState);
  /**
   * The state as of the last action, ahead of the next render: a catch-up that has just awaited the history load
   * must page on from that load's newest message, not from what was last rendered.
   */
  const stateRef = useRef(state);
  const dispatch = useCallback((action: Action) => {
    stateRef.current = reducer(stateRef.current, action);
    setState(stateRef.current);
  }, []);
  const fetchPage = useCallback(
    (query: { before?: number; after?: number }, signal?: AbortSignal) =>
      parentMessageId
        ? getReplies({ appId, channelId, messageId: parentMessageId, ...query }, signal)
        : getMessages({ appId, channelId, subchannel, ...query }, signal),
    [appId, channelId, subchannel, parentMessageId],
  );
  /** The history load in flight, which a catch-up waits for rather than paging from an empty list. */
  const loading = useRef<Promise<void> | null>(null);

  const reload = useCallback(
    (signal?: AbortSignal) => {
      const load: Promise<void> = fetchPage({}, signal)
        .then(
          (page) => dispatch({ type: "loaded", messages: page.messages, hasOlder: page.hasMore }),
          (error: unknown) => {
            if (!signal?.aborted) dispatch({ type: "failed", error });
          },
        )
        .finally(() => {
          if (loading.current === load) loading.current = null;
        });
      loading.current = load;
      return load;
    },
    [fetchPage, dispatch],
  );

  useEffect(() => {
    const controller = new AbortController();
    void reload(controller.signal);
    return () => controller.abort();
  }, [reload]);

  const loadOlder = useCallback(async () => {
    const { messages, isLoadingOlder } = stateRef.current;
    const first = messages[0];
    if (!first || isLoadingOlder) return;
    dispatch({ type: "loading-older" });
    try {
      const page = await fetchPage({ before: first.seq });
      dispatch({ type: "older", messages: page.messages, hasOlder: page.hasMore });
    } catch (error) {
      dispatch({ type: "older-failed", error });
      throw error;
    }
  }, [fetchPage, dispatch]);

  /**
   * After every acknowledged (re)subscription: page forward from the newest message held. After a reconnect, from
   * the oldest instead: edits and reactions made while the socket was down reach messages already on screen too.
   */
  const catchUp = useCallback(
    async (options: { isResubscribe?: boolean } = {}) => {
      // The first page may have been read before the subscription took effect: wait for it, then page on from it.
      if (loading.current) await loading.current;
      if (stateRef.current.status !== "ready") return reload();
      const held = stateRef.current.messages;
      const last = held.at(-1);
      if (!last) return reload();
      let after = options.isResubscribe ? Math.max(0, (held[0]?.seq ?? 1) - 1) : last.seq;
      for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
        const result = await fetchPage({ after });
        dispatch({ type: "merge", messages: result.messages });
        const newest = result.messages.at(-1);
        if (!result.hasMore || !newest) return;
        after = newest.seq;
      }
      return reload();
    },
    [fetchPage, reload, dispatch],
  );

  const addMessages = useCallback((messages: TMessage[]) => dispatch({ type: "merge", messages }), [dispatch]);
  const removeMessages = useCallback((messageIds: string[]) => dispatch({ type: "remove", messageIds }), [dispatch]);
  const patchMessage = useCallback((patch: MessagePatch) => dispatch({ type: "patch", patch }), [dispatch]);

  return { ...state, reload, loadOlder, catchUp, addMessages, removeMessages, patchMessage };
}
