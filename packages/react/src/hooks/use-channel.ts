import type { TChannel } from "@parley/sdk";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useMyUserId, useParley, useParleyEvent } from "./use-parley";

/**
 * One channel kept current: member counts, names, pins and freezes change under an open channel, so the copy it
 * starts from is read again on those events. `onGone` is called when the user leaves, is banned, or the channel is
 * deleted.
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

  useEffect(() => {
    setChannel(initial);
  }, [initial]);

  const refresh = (event: { channelId: string }) => {
    if (event.channelId !== channelId) return;
    client.channels.get(channelId).then(setChannel, () => undefined);
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
