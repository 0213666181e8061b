import type { TChatEvent, TTransientEvent } from "@parley/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { getSession } from "@/lib/session";
import { type ChatSocketConnection, type ChatSocketStatus, connectChatSocket } from "./chat-socket";

/**
 * Keeps one observer socket open for the channel on screen; handlers may change without reconnecting.
 * `onSubscribed` runs after every subscription the server acknowledged, because events sent while the socket was
 * down, or before the subscription took effect, never arrive on it: the view fetches them by seq.
 * `watchPresence` names the users whose `user.presence` reaches `onTransient`.
 */
export function useChatSocket({
  appId,
  channelId,
  subchannel,
  onEvent,
  onSubscribed,
  onTransient,
}: {
  appId: string;
  channelId: string;
  /** In a split super group: the one subchannel to hear (with messages to all); all of them when absent. */
  subchannel?: number | undefined;
  onEvent: (event: TChatEvent) => void;
  onSubscribed: (info: { isResubscribe: boolean }) => void;
  onTransient?: (event: TTransientEvent) => void;
}) {
  const [status, setStatus] = useState<ChatSocketStatus>("connecting");
  const handlers = useRef({ onEvent, onSubscribed, onTransient });
  handlers.current = { onEvent, onSubscribed, onTransient };
  const connection = useRef<ChatSocketConnection | null>(null);
  /** Asked before the socket opened, or for the socket a reconnect replaced: asked of each new one. */
  const watched = useRef<string[] | null>(null);

  useEffect(() => {
    const current = connectChatSocket({
      appId,
      channelId,
      subchannel,
      getToken: () => getSession()?.sessionToken ?? null,
      onEvent: (event) => handlers.current.onEvent(event),
      onSubscribed: (info) => handlers.current.onSubscribed(info),
      onTransient: (event) => handlers.current.onTransient?.(event),
      onStatus: setStatus,
    });
    connection.current = current;
    if (watched.current) current.watchPresence(watched.current);
    return () => {
      connection.current = null;
      current.close();
    };
  }, [appId, channelId, subchannel]);

  const watchPresence = useCallback((userIds: string[]) => {
    watched.current = userIds;
    connection.current?.watchPresence(userIds);
  }, []);

  return { status, watchPresence };
}
