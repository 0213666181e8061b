import { type CreateChannelInput, ParleyConnectionError, type TChannel } from "@parley/sdk";
import { useCallback, useEffect, useReducer, useState } from "react";
import { channelTitle } from "../lib/direct";
import { isThreadOnly } from "../lib/message-state";
import { useMyUserId, useParley, useParleyEvent } from "./use-parley";

/** One of the user's channels with its unread counts. */
export interface ChannelEntry {
  channel: TChannel;
  unreadCount: number;
  unreadMentionCount: number;
}

/** How many channels of each list are loaded: one page, as the SDK pages them. */
const LIST_LIMIT = 100;

/**
 * Newest activity first, as chat apps list their rooms. The server's ISO 8601 times, all of one format, compare as
 * text: `localeCompare` would load the locale's collation (some 10 ms in Chromium) on the first draw of the list.
 */
function byActivity(a: TChannel, b: TChannel): number {
  const at = (c: TChannel) => c.lastMessage?.createdAt ?? c.createdAt;
  const first = at(a);
  const second = at(b);
  if (first > second) return -1;
  return first < second ? 1 : 0;
}

/**
 * The user's channels (newest activity first, with unread counts from `client.unread`) and the public channels they
 * could join, kept current from events, and filtered by `search` (a channel's title, the other person's name for a
 * 1:1 chat). `version` is a signal from the app that the user's channels changed (a 1:1 chat opened) to list them
 * again.
 *
 * With `client.offline` the user's channels come from the local copy (`watchChannels`): at once from what the device
 * kept, then from the server, then at every change; `loading` ends with the first list that has channels or the
 * server's. The public ones still come from the server, and a failure to reach it is left to the offline banner.
 */
export function useChannels(options: { version?: number } = {}) {
  const client = useParley();
  const offline = client.offline ?? null;
  const me = useMyUserId();
  const [mine, setMine] = useState<TChannel[]>([]);
  const [discover, setDiscover] = useState<TChannel[]>([]);
  const [loading, setLoading] = useState(true);
  const [discoverLoading, setDiscoverLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const [search, setSearch] = useState("");
  const [, redraw] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    if (!offline) return;
    return offline.watchChannels((snapshot) => {
      setMine([...snapshot.data].sort(byActivity));
      // An empty copy may only mean the device has none yet: the list waits for the server's word then.
      if (snapshot.data.length > 0 || snapshot.source === "network") setLoading(false);
    });
  }, [offline]);

  const reload = useCallback(async () => {
    if (offline) {
      const [own, open] = await Promise.allSettled([
        offline.refreshChannels(),
        client.channels.list({ scope: "public", limit: LIST_LIMIT }),
      ]);
      if (open.status === "fulfilled") setDiscover(open.value.channels);
      const failure = [own, open].find((result) => result.status === "rejected")?.reason;
      // Offline is said once, by the banner; other failures are the list's.
      setError(failure === undefined || failure instanceof ParleyConnectionError ? null : failure);
      // The server answered, if only with a refusal: the copy's list is all there is.
      if (own.status === "rejected" && !(own.reason instanceof ParleyConnectionError)) setLoading(false);
      setDiscoverLoading(false);
      return;
    }
    try {
      const [own, open] = await Promise.all([
        client.channels.list({ scope: "mine", limit: LIST_LIMIT }),
        client.channels.list({ scope: "public", limit: LIST_LIMIT }),
      ]);
      const joined = new Set(own.channels.map((c) => c.id));
      setMine([...own.channels].sort(byActivity));
      setDiscover(open.channels.filter((c) => !joined.has(c.id)));
      setError(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setLoading(false);
      setDiscoverLoading(false);
    }
  }, [client, offline]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the signal to list the channels again
  useEffect(() => {
    void reload();
  }, [reload, options.version]);

  useParleyEvent("unread.changed", redraw);
  useParleyEvent("connection", (change) => {
    // Channels may have changed while the link was down.
    if (change.state === "open") void reload();
  });
  useParleyEvent("message.created", (event) => {
    // The local copy follows new messages itself.
    if (offline) return;
    const message = event.message;
    if (!message || message.type === "hidden" || isThreadOnly(message)) return;
    if (!mine.some((c) => c.id === event.channelId)) {
      // A 1:1 chat someone else just opened with this user.
      void reload();
      return;
    }
    setMine((list) =>
      list.map((c) => (c.id === event.channelId ? { ...c, lastMessage: message } : c)).sort(byActivity),
    );
  });
  const reloadForMe = (event: { userId?: string }) => {
    if (event.userId === me) void reload();
  };
  useParleyEvent("member.joined", reloadForMe);
  useParleyEvent("member.left", reloadForMe);
  useParleyEvent("member.banned", reloadForMe);
  useParleyEvent("channel.deleted", () => void reload());
  useParleyEvent("channel.changed", () => void reload());

  /** Makes a channel and lists it; answers the new channel. */
  const create = useCallback(
    async (input: CreateChannelInput): Promise<TChannel> => {
      const channel = await client.channels.create(input);
      await reload();
      return channel;
    },
    [client, reload],
  );

  /** Joins a channel (with its invite code when private) and lists it; answers the channel. */
  const join = useCallback(
    async (channel: TChannel, inviteCode?: string): Promise<TChannel> => {
      const joined = await client.channels.join(channel.id, inviteCode ? { inviteCode } : {});
      await reload();
      return joined;
    },
    [client, reload],
  );

  const query = search.trim().toLocaleLowerCase();
  const matches = (channel: TChannel) => !query || channelTitle(channel, me).toLocaleLowerCase().includes(query);
  // The two lists arrive apart with the local copy, so a channel just joined leaves "discover" as it joins "mine".
  const joined = new Set(mine.map((c) => c.id));
  const channels: ChannelEntry[] = mine.filter(matches).map((channel) => {
    const counts = client.unread.of(channel.id);
    return {
      channel,
      unreadCount: counts?.unreadCount ?? 0,
      unreadMentionCount: counts?.unreadMentionCount ?? 0,
    };
  });

  return {
    channels,
    discover: discover.filter((c) => !joined.has(c.id) && matches(c)),
    search,
    setSearch,
    loading,
    /** Whether the public channels are still being listed for the first time. */
    discoverLoading,
    error,
    setError,
    reload,
    create,
    join,
  };
}
