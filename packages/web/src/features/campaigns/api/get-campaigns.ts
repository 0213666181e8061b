import { fillPath, api as paths, zCampaignPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type CampaignStatusFilter, isCampaignActive } from "../lib/status";
import { campaignKeys } from "./keys";

export const CAMPAIGNS_PAGE_SIZE = 20;
/** How often the list reloads while one of its rows is being sent or deleted, so counts and statuses move. */
export const CAMPAIGNS_POLL_MS = 3000;

export async function getCampaigns(
  { appId, search, status, cursor }: { appId: string; search: string; status: CampaignStatusFilter; cursor?: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(paths.notice.campaigns, { id: appId }), zCampaignPage, {
    signal,
    query: {
      cursor,
      limit: CAMPAIGNS_PAGE_SIZE,
      q: search || undefined,
      status: status === "all" ? undefined : status,
    },
  });
}

export const campaignsQueryOptions = (appId: string, search: string, status: CampaignStatusFilter) =>
  infiniteQueryOptions({
    queryKey: campaignKeys.list(appId, search, status),
    queryFn: ({ signal, pageParam }) => getCampaigns({ appId, search, status, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.campaigns.some((campaign) => isCampaignActive(campaign.status)))
        ? CAMPAIGNS_POLL_MS
        : false,
  });

export function useCampaigns(appId: string, search: string, status: CampaignStatusFilter) {
  return useInfiniteQuery(campaignsQueryOptions(appId, search, status));
}
