import { useCallback, useEffect, useReducer } from "react";
import { useParley, useParleyEvent } from "./use-parley";

/** How often the list is read again while someone types: the SDK forgets a typer whose stop never came, silently. */
const REDRAW_MS = 1000;

/**
 * Who else is typing in a channel (user IDs, from `client.typing.users`), and saying that the user is: call
 * `keystroke()` on every change of the message box and `stop()` when it is sent or cleared.
 */
export function useTyping(channelId: string) {
  const client = useParley();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const userIds = client.typing.users(channelId);

  useParleyEvent("typing.started", redraw);
  useParleyEvent("typing.stopped", redraw);
  const someone = userIds.length > 0;
  useEffect(() => {
    if (!someone) return;
    const timer = setInterval(redraw, REDRAW_MS);
    return () => clearInterval(timer);
  }, [someone]);

  const keystroke = useCallback(() => client.typing.keystroke(channelId), [client, channelId]);
  const stop = useCallback(() => client.typing.stop(channelId), [client, channelId]);
  return { userIds, keystroke, stop };
}
