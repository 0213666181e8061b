import { dashboardChat, fillPath, type TDashboardUpdateChannelRequest, zChannelDetailResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { channelKeys } from "./keys";

export async function updateChannel({
  appId,
  channelId,
  body,
}: {
  appId: string;
  channelId: string;
  body: TDashboardUpdateChannelRequest;
}) {
  return api.put(fillPath(dashboardChat.channel, { id: appId, channelId }), body, zChannelDetailResponse);
}

export const updateChannelMutationOptions = () => mutationOptions({ mutationFn: updateChannel });

export function useUpdateChannel(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateChannelMutationOptions(),
    onSuccess: (detail) => {
      queryClient.setQueryData(channelKeys.detail(appId, detail.channel.id), detail);
      return queryClient.invalidateQueries({ queryKey: [...channelKeys.app(appId), "list"] });
    },
  });
}
