import type { TChannel } from "@parley/contract";

/** "12 / 100", or just the count for super groups, which have no limit. */
export function memberCountText(channel: Pick<TChannel, "memberCount" | "memberLimit">, number: (n: number) => string) {
  return channel.memberLimit === null
    ? number(channel.memberCount)
    : `${number(channel.memberCount)} / ${number(channel.memberLimit)}`;
}
