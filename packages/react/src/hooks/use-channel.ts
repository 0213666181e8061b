import type { TChannel } from "@parley/sdk";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useMyUserId, useParley, useParleyEvent } from "./use-parley";

/**
 * One channel kept current: member counts, names, pins and freezes change under an open channel, so the copy it
 * starts from is read again when it is opened or picked again, and on those events. `onGone` is called when the user
 * leaves, is banned, or the channel is deleted.
 */
export function useChannel(initial: TChannel, options: { onGone?: () => void } = {}) {
  const client = useParley();
  const me = useMyUserId();
  const [channel, setChannel] = useState(initial);
  const channelId = initial.id;
  const onGone = useRef(options.onGone);
  useLayoutEffect(() => {
    onGone.current = options.onGone;
  });

  /** Counts reads, so an answer that arrives after a newer one was asked for cannot put back an older count. */
  const reads = useRef(0);
  const reload = useCallback(() => {
    const read = ++reads.current;
    client.channels.get(channelId).then(
      (fresh) => {
        if (read === reads.current) setChannel(fresh);
      },
      // The copy shown stays; the next event or pick reads it again.
      () => undefined,
    );
  }, [client, channelId]);

  // The copy handed in comes from a list that does not follow other members' joins and leaves (picking the open
  // channel again hands in that older copy): it is shown at once but for the member count this hook followed, and
  // the channel's current state is read.
  useEffect(() => {
    setChannel((shown) => (shown.id === initial.id ? { ...initial, memberCount: shown.memberCount } : initial));
    reload();
  }, [initial, reload]);

  const refresh = (event: { channelId: string }) => {
    if (event.channelId === channelId) reload();
  };
  const refreshOrGo = (event: { channelId: string; userId?: string }) => {
    if (event.channelId === channelId && event.userId === me) onGone.current?.();
    else refresh(event);
  };
  useParleyEvent("member.joined", refresh);
  useParleyEvent("member.left", refreshOrGo);
  useParleyEvent("member.banned", refreshOrGo);
  useParleyEvent("channel.changed", refresh);
  useParleyEvent("message.pinned", refresh);
  useParleyEvent("message.unpinned", refresh);
  useParleyEvent("channel.deleted", (event) => {
    if (event.channelId === channelId) onGone.current?.();
  });
  useParleyEvent("channel.frozen", (event) => {
    if (event.channelId === channelId) setChannel((c) => ({ ...c, isFrozen: true }));
  });
  useParleyEvent("channel.unfrozen", (event) => {
    if (event.channelId === channelId) setChannel((c) => ({ ...c, isFrozen: false }));
  });

  /** Leaves the channel; the `member.left` event that follows calls `onGone`. */
  const leave = useCallback(() => client.channels.leave(channelId), [client, channelId]);
  /** Pins or unpins a message (the channel's owner only). */
  const pin = useCallback(
    async (messageId: string, pinned: boolean) => {
      setChannel(
        await (pinned ? client.channels.pin(channelId, messageId) : client.channels.unpin(channelId, messageId)),
      );
    },
    [client, channelId],
  );

  return { channel, setChannel, leave, pin, isOwner: channel.ownerUserId === me };
}
