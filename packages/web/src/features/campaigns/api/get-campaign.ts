import { fillPath, api as paths, zCampaignResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isCampaignActive } from "../lib/status";
import { campaignKeys } from "./keys";

/** How often the detail reloads while a send or deletion runs, so its progress bar moves. */
export const CAMPAIGN_POLL_MS = 2000;

export async function getCampaign({ appId, campaignId }: { appId: string; campaignId: string }, signal?: AbortSignal) {
  const { campaign } = await api.get(fillPath(paths.notice.campaign, { id: appId, campaignId }), zCampaignResponse, {
    signal,
  });
  return campaign;
}

export const campaignQueryOptions = (appId: string, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.detail(appId, campaignId),
    queryFn: ({ signal }) => getCampaign({ appId, campaignId }, signal),
    refetchInterval: (query) =>
      query.state.data && isCampaignActive(query.state.data.status) ? CAMPAIGN_POLL_MS : false,
  });

export function useCampaign(appId: string, campaignId: string) {
  return useQuery(campaignQueryOptions(appId, campaignId));
}
