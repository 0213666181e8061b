import type { UnreadCounts } from "@parley/sdk";
import { useCallback, useEffect, useReducer, useState } from "react";
import { useParley, useParleyEvent } from "./use-parley";

const NONE: UnreadCounts = { unreadCount: 0, unreadMentionCount: 0 };

/**
 * Unread counts, kept current from the SDK's `unread.changed`: a channel's with `channelId`, otherwise the user's
 * totals over all their channels, loaded with `unread.refresh()` whenever the link opens.
 */
export function useUnread(channelId?: string): UnreadCounts {
  const client = useParley();
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [totals, setTotals] = useState<UnreadCounts>(client.unread.totals ?? NONE);
  const wantsTotals = channelId === undefined;

  const refresh = useCallback(() => {
    client.unread.refresh().then(setTotals, () => undefined);
  }, [client]);
  useEffect(() => {
    if (wantsTotals) refresh();
  }, [wantsTotals, refresh]);
  useParleyEvent("connection", (change) => {
    if (wantsTotals && change.state === "open") refresh();
  });
  useParleyEvent("unread.changed", (change) => {
    if (wantsTotals) {
      if (change.totals) setTotals(change.totals);
    } else if (change.channelId === channelId) {
      redraw();
    }
  });

  return wantsTotals ? totals : (client.unread.of(channelId) ?? NONE);
}
