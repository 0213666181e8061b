import { fillPath, api as paths, zCampaignResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCampaign } from "./cache";

/** Deletes the delivered messages from every recipient's brand channel. */
export async function deleteCampaignMessages({ appId, campaignId }: { appId: string; campaignId: string }) {
  const path = fillPath(paths.notice.campaignDeleteMessages, { id: appId, campaignId });
  const { campaign } = await api.post(path, {}, zCampaignResponse);
  return campaign;
}

export const deleteCampaignMessagesMutationOptions = () => mutationOptions({ mutationFn: deleteCampaignMessages });

export function useDeleteCampaignMessages(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteCampaignMessagesMutationOptions(),
    onSuccess: (campaign) => storeCampaign(queryClient, appId, campaign),
  });
}
