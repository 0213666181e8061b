import type { TChatEvent } from "@parley/contract";
import { useEffect, useRef, useState } from "react";
import { getSession } from "@/lib/session";
import { type ChatSocketStatus, connectChatSocket } from "./chat-socket";

/**
 * Keeps one observer socket open for the channel on screen; handlers may change without reconnecting.
 * `onSubscribed` runs after every subscription the server acknowledged, because events sent while the socket was
 * down, or before the subscription took effect, never arrive on it: the view fetches them by seq.
 */
export function useChatSocket({
  appId,
  channelId,
  subchannel,
  onEvent,
  onSubscribed,
}: {
  appId: string;
  channelId: string;
  /** In a split super group: the one subchannel to hear (with messages to all); all of them when absent. */
  subchannel?: number | undefined;
  onEvent: (event: TChatEvent) => void;
  onSubscribed: () => void;
}) {
  const [status, setStatus] = useState<ChatSocketStatus>("connecting");
  const handlers = useRef({ onEvent, onSubscribed });
  handlers.current = { onEvent, onSubscribed };

  useEffect(() => {
    const connection = connectChatSocket({
      appId,
      channelId,
      subchannel,
      getToken: () => getSession()?.sessionToken ?? null,
      onEvent: (event) => handlers.current.onEvent(event),
      onSubscribed: () => handlers.current.onSubscribed(),
      onStatus: setStatus,
    });
    return () => connection.close();
  }, [appId, channelId, subchannel]);

  return status;
}
