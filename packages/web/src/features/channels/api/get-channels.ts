import { dashboardChat, fillPath, zChannelsPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export const CHANNELS_PAGE_SIZE = 20;

export async function getChannels(
  { appId, search, cursor }: { appId: string; search: string; cursor?: string },
  signal?: AbortSignal,
) {
  const path = search ? dashboardChat.searchChannels : dashboardChat.channels;
  return api.get(fillPath(path, { id: appId }), zChannelsPage, {
    signal,
    query: { cursor, limit: CHANNELS_PAGE_SIZE, q: search || undefined },
  });
}

export const channelsQueryOptions = (appId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: channelKeys.list(appId, search),
    queryFn: ({ signal, pageParam }) => getChannels({ appId, search, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useChannels(appId: string, search: string) {
  return useInfiniteQuery(channelsQueryOptions(appId, search));
}
