import type { TChannel, TChatUser } from "@parley/sdk";
import type { ChatClient } from "../client";

/**
 * The channel data key under which the kit keeps a 1:1 chat's two people (user ID to nickname), so each side can
 * title the chat with the other's name.
 */
const DIRECT_KEY = "direct";
/** The API's limit on a channel name. */
const NAME_MAX = 100;

/** The people of a 1:1 chat the kit made, or null for any other channel. */
function peopleOf(channel: TChannel): Record<string, string> | null {
  const raw = channel.isDistinct ? channel.data?.[DIRECT_KEY] : undefined;
  if (!raw) return null;
  try {
    const people: unknown = JSON.parse(raw);
    return people && typeof people === "object" ? (people as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** The other person of a 1:1 chat, or null for any other channel. */
export function directPeer(channel: TChannel, me: string): { userId: string; nickname: string } | null {
  const people = peopleOf(channel);
  const other = people && Object.entries(people).find(([userId]) => userId !== me);
  return other ? { userId: other[0], nickname: other[1] } : null;
}

/** Whether the channel is a 1:1 chat opened with {@link openDirectChannel}. */
export function isDirect(channel: TChannel): boolean {
  return peopleOf(channel) !== null;
}

/** What to call a channel: the other person's name for a 1:1 chat, the channel's name otherwise. */
export function channelTitle(channel: TChannel, me: string): string {
  return directPeer(channel, me)?.nickname ?? channel.name;
}

/**
 * Opens the 1:1 chat with a user: `distinct: true` answers the one channel the two already share, or makes it.
 * Invite-only, so it never shows among the channels others can join.
 */
export function openDirectChannel(
  client: Pick<ChatClient, "channels">,
  me: Pick<TChatUser, "userId" | "nickname">,
  other: { userId: string; nickname: string },
): Promise<TChannel> {
  return client.channels.create({
    name: `${me.nickname}, ${other.nickname}`.slice(0, NAME_MAX),
    type: "private_invite",
    userIds: [other.userId],
    distinct: true,
    data: { [DIRECT_KEY]: JSON.stringify({ [me.userId]: me.nickname, [other.userId]: other.nickname }) },
  });
}
