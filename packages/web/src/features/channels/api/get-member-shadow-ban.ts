import { dashboardShadowBans, fillPath, zShadowBanState } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function getMemberShadowBan(
  { appId, channelId, userId }: { appId: string; channelId: string; userId: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(dashboardShadowBans.member, { id: appId, channelId, userId }), zShadowBanState, { signal });
}

export const memberShadowBanQueryOptions = (appId: string, channelId: string, userId: string) =>
  queryOptions({
    queryKey: channelKeys.memberShadowBan(appId, channelId, userId),
    queryFn: ({ signal }) => getMemberShadowBan({ appId, channelId, userId }, signal),
  });

export function useMemberShadowBan(appId: string, channelId: string, userId: string) {
  return useQuery(memberShadowBanQueryOptions(appId, channelId, userId));
}
