import { fillPath, api as paths, type TCampaignRequestInput, zCampaignResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { storeCampaign } from "./cache";

/** Saves a draft's whole form ("temporary save"); only drafts change (3057 otherwise). */
export async function updateCampaign({
  appId,
  campaignId,
  body,
}: {
  appId: string;
  campaignId: string;
  body: TCampaignRequestInput;
}) {
  const path = fillPath(paths.notice.campaign, { id: appId, campaignId });
  const { campaign } = await api.put(path, body, zCampaignResponse);
  return campaign;
}

export const updateCampaignMutationOptions = () => mutationOptions({ mutationFn: updateCampaign });

export function useUpdateCampaign(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateCampaignMutationOptions(),
    onSuccess: (campaign) => storeCampaign(queryClient, appId, campaign),
  });
}
