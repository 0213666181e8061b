import { useParley, useParleyEvent } from "@parley/react/headless";
import type { TChannel } from "@parley/sdk";
import { useCallback, useEffect, useState } from "react";

/**
 * The channel's record by its ID, for its title and state: read when opened and again when it changes. The web kit's
 * `useChannel` starts from a record the list handed it; a phone screen is opened by ID (a link, a notification).
 */
export function useChannelRecord(channelId: string): TChannel | null {
  const client = useParley();
  const [channel, setChannel] = useState<TChannel | null>(null);
  const reload = useCallback(() => {
    let current = true;
    client.channels.get(channelId).then(
      (fresh) => current && setChannel(fresh),
      // The screen keeps what it showed (or the bare ID as its title); the next change reads it again.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, channelId]);
  useEffect(() => {
    setChannel(null);
    return reload();
  }, [reload]);
  const refresh = (event: { channelId: string }) => {
    if (event.channelId === channelId) reload();
  };
  useParleyEvent("channel.changed", refresh);
  useParleyEvent("member.joined", refresh);
  useParleyEvent("member.left", refresh);
  useParleyEvent("channel.frozen", refresh);
  useParleyEvent("channel.unfrozen", refresh);
  return channel;
}
