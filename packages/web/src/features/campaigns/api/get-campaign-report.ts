import { fillPath, api as paths, zCampaignReport } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

export async function getCampaignReport(
  { appId, campaignId }: { appId: string; campaignId: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(paths.notice.campaignReport, { id: appId, campaignId }), zCampaignReport, { signal });
}

export const campaignReportQueryOptions = (appId: string, campaignId: string) =>
  queryOptions({
    queryKey: campaignKeys.report(appId, campaignId),
    queryFn: ({ signal }) => getCampaignReport({ appId, campaignId }, signal),
  });

export function useCampaignReport(appId: string, campaignId: string) {
  return useQuery(campaignReportQueryOptions(appId, campaignId));
}
