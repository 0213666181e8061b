import { dashboardChat, fillPath, zChannelDetailResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function getChannel({ appId, channelId }: { appId: string; channelId: string }, signal?: AbortSignal) {
  return api.get(fillPath(dashboardChat.channel, { id: appId, channelId }), zChannelDetailResponse, { signal });
}

export const channelQueryOptions = (appId: string, channelId: string) =>
  queryOptions({
    queryKey: channelKeys.detail(appId, channelId),
    queryFn: ({ signal }) => getChannel({ appId, channelId }, signal),
  });

export function useChannel(appId: string, channelId: string) {
  return useQuery(channelQueryOptions(appId, channelId));
}
