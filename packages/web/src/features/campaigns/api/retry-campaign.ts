import { fillPath, api as paths, zCampaignResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCampaign } from "./cache";

/** Runs a failed send or a failed deletion again, from where it stopped. */
export async function retryCampaign({ appId, campaignId }: { appId: string; campaignId: string }) {
  const path = fillPath(paths.notice.campaignRetry, { id: appId, campaignId });
  const { campaign } = await api.post(path, {}, zCampaignResponse);
  return campaign;
}

export const retryCampaignMutationOptions = () => mutationOptions({ mutationFn: retryCampaign });

export function useRetryCampaign(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...retryCampaignMutationOptions(),
    onSuccess: (campaign) => storeCampaign(queryClient, appId, campaign),
  });
}
