import { fillPath, api as paths, type TCampaignRequestInput, zCampaignResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { storeCampaign } from "./cache";

/** Saves the form as a new draft; any field may still be empty. */
export async function createCampaign({ appId, body }: { appId: string; body: TCampaignRequestInput }) {
  const { campaign } = await api.post(fillPath(paths.notice.campaigns, { id: appId }), body, zCampaignResponse);
  return campaign;
}

export const createCampaignMutationOptions = () => mutationOptions({ mutationFn: createCampaign });

export function useCreateCampaign(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...createCampaignMutationOptions(),
    onSuccess: (campaign) => storeCampaign(queryClient, appId, campaign),
  });
}
