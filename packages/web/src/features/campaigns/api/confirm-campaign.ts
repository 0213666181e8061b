import { fillPath, api as paths, zCampaignResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { storeCampaign } from "./cache";

/** Confirms a draft: it becomes awaiting and goes out now or at its scheduled time. The server checks the saved draft, so save the form first. */
export async function confirmCampaign({ appId, campaignId }: { appId: string; campaignId: string }) {
  const path = fillPath(paths.notice.campaignConfirm, { id: appId, campaignId });
  const { campaign } = await api.post(path, {}, zCampaignResponse);
  return campaign;
}

export const confirmCampaignMutationOptions = () => mutationOptions({ mutationFn: confirmCampaign });

export function useConfirmCampaign(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...confirmCampaignMutationOptions(),
    onSuccess: (campaign) => storeCampaign(queryClient, appId, campaign),
  });
}
