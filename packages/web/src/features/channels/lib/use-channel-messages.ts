import type { TMessage } from "@parley/contract";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { getMessages } from "../api/get-messages";

interface State {
  messages: TMessage[];
  hasOlder: boolean;
  status: "loading" | "ready" | "error";
  error: unknown;
  isLoadingOlder: boolean;
}

type Action =
  | { type: "loaded"; messages: TMessage[]; hasOlder: boolean }
  | { type: "failed"; error: unknown }
  | { type: "loading-older" }
  | { type: "older"; messages: TMessage[]; hasOlder: boolean }
  | { type: "older-failed"; error: unknown }
  | { type: "merge"; messages: TMessage[] }
  | { type: "remove"; messageIds: string[] };

const initialState: State = { messages: [], hasOlder: false, status: "loading", error: null, isLoadingOlder: false };

/** History, live events and catch-up pages can overlap; keep each message once, in seq order. */
function mergeBySeq(current: TMessage[], incoming: TMessage[]) {
  const byId = new Map(current.map((message) => [message.id, message]));
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

function reducer(state: State, action: Action): State {
  switch (action.type) {
    case "loaded":
      return { ...initialState, status: "ready", messages: action.messages, hasOlder: action.hasOlder };
    case "failed":
      return { ...state, status: "error", error: action.error };
    case "loading-older":
      return { ...state, isLoadingOlder: true };
    case "older":
      return {
        ...state,
        isLoadingOlder: false,
        hasOlder: action.hasOlder,
        messages: mergeBySeq(state.messages, action.messages),
      };
    case "older-failed":
      return { ...state, isLoadingOlder: false, error: action.error };
    case "merge":
      return { ...state, messages: mergeBySeq(state.messages, action.messages) };
    case "remove": {
      const removed = new Set(action.messageIds);
      return { ...state, messages: state.messages.filter((message) => !removed.has(message.id)) };
    }
  }
}

/** Catch-up stops after this many pages; beyond that a full reload is cheaper than paging forward. */
const MAX_CATCH_UP_PAGES = 5;

/** The chat view's messages: latest page of history, older pages on demand, live additions and removals. */
export function useChannelMessages(appId: string, channelId: string) {
  const [state, dispatch] = useReducer(reducer, initialState);
  const stateRef = useRef(state);
  stateRef.current = state;

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const page = await getMessages({ appId, channelId }, signal);
        dispatch({ type: "loaded", messages: page.messages, hasOlder: page.hasMore });
      } catch (error) {
        if (!signal?.aborted) dispatch({ type: "failed", error });
      }
    },
    [appId, channelId],
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
      const page = await getMessages({ appId, channelId, before: first.seq });
      dispatch({ type: "older", messages: page.messages, hasOlder: page.hasMore });
    } catch (error) {
      dispatch({ type: "older-failed", error });
      throw error;
    }
  }, [appId, channelId]);

  /** After a (re)subscription: page forward from the newest message held; the first load covers itself. */
  const catchUp = useCallback(async () => {
    if (stateRef.current.status === "loading") return;
    const last = stateRef.current.messages.at(-1);
    if (!last) return reload();
    let after = last.seq;
    for (let page = 0; page < MAX_CATCH_UP_PAGES; page += 1) {
      const result = await getMessages({ appId, channelId, after });
      dispatch({ type: "merge", messages: result.messages });
      const newest = result.messages.at(-1);
      if (!result.hasMore || !newest) return;
      after = newest.seq;
    }
    return reload();
  }, [appId, channelId, reload]);

  const addMessages = useCallback((messages: TMessage[]) => dispatch({ type: "merge", messages }), []);
  const removeMessages = useCallback((messageIds: string[]) => dispatch({ type: "remove", messageIds }), []);

  return { ...state, reload, loadOlder, catchUp, addMessages, removeMessages };
}
