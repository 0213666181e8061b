import { dashboardChat, fillPath } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { channelKeys } from "./keys";

export async function deleteChannel({ appId, channelId }: { appId: string; channelId: string }) {
  await api.delete(fillPath(dashboardChat.channel, { id: appId, channelId }));
}

export const deleteChannelMutationOptions = () => mutationOptions({ mutationFn: deleteChannel });

export function useDeleteChannel(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...deleteChannelMutationOptions(),
    onSuccess: (_result, { channelId }) => {
      queryClient.removeQueries({ queryKey: channelKeys.channel(appId, channelId) });
      return queryClient.invalidateQueries({ queryKey: [...channelKeys.app(appId), "list"] });
    },
  });
}
