import type { TChatEvent } from "@parley/contract";
import { useEffect, useRef, useState } from "react";
import { getSession } from "@/lib/session";
import { type ChatSocketStatus, connectChatSocket } from "./chat-socket";

/**
 * Keeps one observer socket open for the channel on screen; handlers may change without reconnecting.
 * `onReady` runs after every subscription, because events sent while the socket was down, or before the
 * first subscription took effect, never arrive on it.
 */
export function useChatSocket({
  appId,
  channelId,
  onEvent,
  onReady,
}: {
  appId: string;
  channelId: string;
  onEvent: (event: TChatEvent) => void;
  onReady: () => void;
}) {
  const [status, setStatus] = useState<ChatSocketStatus>("connecting");
  const handlers = useRef({ onEvent, onReady });
  handlers.current = { onEvent, onReady };

  useEffect(() => {
    const connection = connectChatSocket({
      appId,
      channelId,
      getToken: () => getSession()?.sessionToken ?? null,
      onEvent: (event) => handlers.current.onEvent(event),
      onReady: () => handlers.current.onReady(),
      onStatus: setStatus,
    });
    return () => connection.close();
  }, [appId, channelId]);

  return status;
}
