import { fillPath, api as paths, zCampaignResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { storeCampaign } from "./cache";

/** Copies a finished campaign, recipients included, into a new draft and answers with that draft. */
export async function resendCampaign({ appId, campaignId }: { appId: string; campaignId: string }) {
  const path = fillPath(paths.notice.campaignResend, { id: appId, campaignId });
  const { campaign } = await api.post(path, {}, zCampaignResponse);
  return campaign;
}

export const resendCampaignMutationOptions = () => mutationOptions({ mutationFn: resendCampaign });

export function useResendCampaign(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...resendCampaignMutationOptions(),
    onSuccess: (campaign) => storeCampaign(queryClient, appId, campaign),
  });
}
