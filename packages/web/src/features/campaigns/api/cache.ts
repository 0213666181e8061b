import type { TCampaign } from "@parley/contract";
import type { QueryClient } from "@tanstack/react-query";
import { campaignKeys } from "./keys";

/** Every call that answers with a campaign keeps its detail fresh and the lists, which show its status, reloading. */
export function storeCampaign(queryClient: QueryClient, appId: string, campaign: TCampaign) {
  queryClient.setQueryData(campaignKeys.detail(appId, campaign.id), campaign);
  return queryClient.invalidateQueries({ queryKey: campaignKeys.lists(appId) });
}
