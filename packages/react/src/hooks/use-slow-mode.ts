import { useCallback, useEffect, useReducer } from "react";
import { useParley, useParleyEvent } from "./use-parley";

/** How often the time left is read again while it runs: the composer shows whole seconds. */
const REDRAW_MS = 1000;

/**
 * Seconds before the user may send again in a channel with slow mode (`client.slowMode.remainingSeconds`), 0 when
 * they may send now. Call `recheck()` after a send, answered or refused: either may start the wait.
 */
export function useSlowMode(channelId: string): { remainingSeconds: number; recheck: () => void } {
  const client = useParley();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const remainingSeconds = client.slowMode?.remainingSeconds(channelId) ?? 0;

  // A change of the channel's slow mode may end or shorten the wait.
  useParleyEvent("channel.changed", redraw);
  const waiting = remainingSeconds > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(redraw, REDRAW_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  // A function of its own: the dispatcher's type is React 19's, and the kit's declarations also serve React 18.
  const recheck = useCallback(() => redraw(), []);
  return { remainingSeconds, recheck };
}
