import { dashboardChat, fillPath, zMember } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function getMemberInfo(
  { appId, channelId, userId }: { appId: string; channelId: string; userId: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(dashboardChat.memberInfo, { id: appId, channelId, userId }), zMember, { signal });
}

export const memberInfoQueryOptions = (appId: string, channelId: string, userId: string) =>
  queryOptions({
    queryKey: channelKeys.member(appId, channelId, userId),
    queryFn: ({ signal }) => getMemberInfo({ appId, channelId, userId }, signal),
  });

export function useMemberInfo(appId: string, channelId: string, userId: string) {
  return useQuery(memberInfoQueryOptions(appId, channelId, userId));
}
