import { dashboardChat, fillPath, zTagsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function getTags({ appId, channelId }: { appId: string; channelId: string }, signal?: AbortSignal) {
  const { tags } = await api.get(fillPath(dashboardChat.tags, { id: appId, channelId }), zTagsResponse, { signal });
  return tags;
}

export const tagsQueryOptions = (appId: string, channelId: string) =>
  queryOptions({
    queryKey: channelKeys.tags(appId, channelId),
    queryFn: ({ signal }) => getTags({ appId, channelId }, signal),
  });

export function useTags(appId: string, channelId: string) {
  return useQuery(tagsQueryOptions(appId, channelId));
}
