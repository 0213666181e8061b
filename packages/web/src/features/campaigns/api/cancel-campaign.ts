import { fillPath, api as paths, zCampaignResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCampaign } from "./cache";

/** Stops a scheduled send, or one under way after the recipients it is sending to now. */
export async function cancelCampaign({ appId, campaignId }: { appId: string; campaignId: string }) {
  const path = fillPath(paths.notice.campaignCancel, { id: appId, campaignId });
  const { campaign } = await api.post(path, {}, zCampaignResponse);
  return campaign;
}

export const cancelCampaignMutationOptions = () => mutationOptions({ mutationFn: cancelCampaign });

export function useCancelCampaign(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...cancelCampaignMutationOptions(),
    onSuccess: (campaign) => storeCampaign(queryClient, appId, campaign),
  });
}
