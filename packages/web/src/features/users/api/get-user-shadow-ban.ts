import { dashboardShadowBans, fillPath, zShadowBanState } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

export async function getUserShadowBan({ appId, userId }: { appId: string; userId: string }, signal?: AbortSignal) {
  return api.get(fillPath(dashboardShadowBans.user, { id: appId, userId }), zShadowBanState, { signal });
}

export const userShadowBanQueryOptions = (appId: string, userId: string) =>
  queryOptions({
    queryKey: userKeys.shadowBan(appId, userId),
    queryFn: ({ signal }) => getUserShadowBan({ appId, userId }, signal),
  });

export function useUserShadowBan(appId: string, userId: string) {
  return useQuery(userShadowBanQueryOptions(appId, userId));
}
