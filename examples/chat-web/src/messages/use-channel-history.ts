import type { ParleyClient, TMessage } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";
import { useParleyEvent } from "../hooks";
import { isThreadOnly } from "./message-state";
import { useLiveMessages } from "./use-live-messages";

const PAGE = 30;
const inChannel = (message: TMessage) => !isThreadOnly(message);

/**
 * The open channel's messages: the latest page, older pages on demand, and everything live. The channel counts as
 * read while it is open, so its unread badge stays clear.
 */
export function useChannelHistory(client: ParleyClient, me: string, channelId: string) {
  const live = useLiveMessages(client, me, channelId, inChannel);
  const { setMessages, apply } = live;
  const [hasOlder, setHasOlder] = useState(false);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);

  // Without a seq the SDK also clears its own count for the channel, which is what the badges show.
  const markRead = useCallback(
    () => void client.messages.markRead(channelId).catch(() => undefined),
    [client, channelId],
  );

  useEffect(() => {
    let cancelled = false;
    setMessages([]);
    setLoading(true);
    client.messages
      .history(channelId, { limit: PAGE })
      .then((page) => {
        if (cancelled) return;
        apply(...page.messages.filter((m) => m.type !== "hidden"));
        setHasOlder(page.hasMore);
        markRead();
      })
      .catch((failure: unknown) => !cancelled && setError(failure))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [client, channelId, setMessages, apply, markRead]);

  useParleyEvent(client, "message.created", (event) => {
    if (event.channelId === channelId && event.message?.sender?.userId !== me) markRead();
  });

  async function loadOlder(): Promise<void> {
    const oldest = live.messages[0];
    if (!oldest) return;
    try {
      const page = await client.messages.history(channelId, { before: oldest.seq, limit: PAGE });
      apply(...page.messages.filter((m) => m.type !== "hidden"));
      setHasOlder(page.hasMore);
    } catch (failure) {
      setError(failure);
    }
  }

  return { ...live, hasOlder, loading, error, setError, loadOlder };
}
