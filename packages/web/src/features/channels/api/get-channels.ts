import { dashboardChat, fillPath, type TDashboardChannelKind, zDashboardChannelsPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export const CHANNELS_PAGE_SIZE = 20;

export async function getChannels(
  { appId, search, kind, cursor }: { appId: string; search: string; kind: TDashboardChannelKind; cursor?: string },
  signal?: AbortSignal,
) {
  const path = search ? dashboardChat.searchChannels : dashboardChat.channels;
  return api.get(fillPath(path, { id: appId }), zDashboardChannelsPage, {
    signal,
    query: { cursor, limit: CHANNELS_PAGE_SIZE, q: search || undefined, kind },
  });
}

export const channelsQueryOptions = (appId: string, search: string, kind: TDashboardChannelKind) =>
  infiniteQueryOptions({
    queryKey: channelKeys.list(appId, search, kind),
    queryFn: ({ signal, pageParam }) => getChannels({ appId, search, kind, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useChannels(appId: string, search: string, kind: TDashboardChannelKind) {
  return useInfiniteQuery(channelsQueryOptions(appId, search, kind));
}
