import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

/** Deletes a draft for good; campaigns past their draft are kept. */
export async function discardCampaign({ appId, campaignId }: { appId: string; campaignId: string }) {
  await api.delete(fillPath(paths.notice.campaign, { id: appId, campaignId }));
}

export const discardCampaignMutationOptions = () => mutationOptions({ mutationFn: discardCampaign });

export function useDiscardCampaign(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...discardCampaignMutationOptions(),
    // The detail stays cached rather than removed: its page is still open until the caller leaves it, and a
    // removed query would be fetched again, only to answer 3056.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.lists(appId) }),
  });
}
