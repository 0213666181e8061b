import { dashboardChat, fillPath, zCountResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys, type MemberListKind } from "./keys";

const countPath = {
  members: dashboardChat.membersCount,
  muted: dashboardChat.mutedCount,
  banned: dashboardChat.bannedCount,
} as const;

export async function getMemberCount(
  { appId, channelId, kind }: { appId: string; channelId: string; kind: MemberListKind },
  signal?: AbortSignal,
) {
  const { count } = await api.get(fillPath(countPath[kind], { id: appId, channelId }), zCountResponse, { signal });
  return count;
}

/** The three tab counts load together: the tabs show them side by side. */
export async function getMemberCounts(
  { appId, channelId }: { appId: string; channelId: string },
  signal?: AbortSignal,
): Promise<Record<MemberListKind, number>> {
  const [members, muted, banned] = await Promise.all(
    (["members", "muted", "banned"] as const).map((kind) => getMemberCount({ appId, channelId, kind }, signal)),
  );
  return { members: members ?? 0, muted: muted ?? 0, banned: banned ?? 0 };
}

export const memberCountsQueryOptions = (appId: string, channelId: string) =>
  queryOptions({
    queryKey: channelKeys.memberCounts(appId, channelId),
    queryFn: ({ signal }) => getMemberCounts({ appId, channelId }, signal),
  });

export function useMemberCounts(appId: string, channelId: string) {
  return useQuery(memberCountsQueryOptions(appId, channelId));
}
