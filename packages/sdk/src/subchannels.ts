import type { Emitter } from "./emitter";

/**
 * Keeps `subchannels` (channel ID → the signed-in user's subchannel) current from the events: joins, leaves, bans and
 * deletions, and a merge; a channel placed anew is asked of the server through `mine`.
 */
export function followSubchannels(
  emitter: Emitter,
  subchannels: Map<string, number>,
  user: { currentUserId: () => string | undefined; mine: (channelId: string) => Promise<{ mine: number | null }> },
): void {
  const isMe = (userId: string | undefined) => userId !== undefined && userId === user.currentUserId();
  emitter.on("member.joined", (event) => {
    if (isMe(event.userId) && event.subchannel !== undefined) subchannels.set(event.channelId, event.subchannel);
  });
  for (const type of ["member.left", "member.banned", "channel.deleted"] as const) {
    emitter.on(type, (event) => {
      if (type === "channel.deleted" || isMe(event.userId)) subchannels.delete(event.channelId);
    });
  }
  emitter.on("subchannels.changed", (event) => {
    const mine = subchannels.get(event.channelId);
    if (event.merge) {
      if (mine === event.merge.from) subchannels.set(event.channelId, event.merge.into);
      return;
    }
    // Placed anew (subchannels turned on or off): only the server knows where.
    user.mine(event.channelId).then(
      ({ mine }) => {
        if (mine === null) subchannels.delete(event.channelId);
        else subchannels.set(event.channelId, mine);
      },
      // Unknown until the next connection's ready frame says it again.
      () => subchannels.delete(event.channelId),
    );
  });
}
