import { dashboardChat, fillPath, zPinnedMessagesResponse } from "@parley/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function getPinnedMessages(
  { appId, channelId }: { appId: string; channelId: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(dashboardChat.pins, { id: appId, channelId }), zPinnedMessagesResponse, { signal });
}

/**
 * Keyed by the pinned ids the channel holds now, so a pin or unpin (which updates the channel's detail, live or by
 * this view's own action) reads the list again by itself; the previous list stays on screen meanwhile.
 */
export const pinnedMessagesQueryOptions = (appId: string, channelId: string, pinnedIds: readonly string[]) =>
  queryOptions({
    queryKey: channelKeys.pins(appId, channelId, pinnedIds),
    queryFn: ({ signal }) => getPinnedMessages({ appId, channelId }, signal),
    placeholderData: keepPreviousData,
  });

export function usePinnedMessages(appId: string, channelId: string, pinnedIds: readonly string[]) {
  return useQuery({ ...pinnedMessagesQueryOptions(appId, channelId, pinnedIds), enabled: pinnedIds.length > 0 });
}
