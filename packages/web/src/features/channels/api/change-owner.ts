import { dashboardChat, fillPath, zChannelResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { channelKeys } from "./keys";

export async function changeOwner({ appId, channelId, userId }: { appId: string; channelId: string; userId: string }) {
  const { channel } = await api.put(
    fillPath(dashboardChat.owner, { id: appId, channelId }),
    { userId },
    zChannelResponse,
  );
  return channel;
}

export const changeOwnerMutationOptions = () => mutationOptions({ mutationFn: changeOwner });

export function useChangeOwner(appId: string, channelId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...changeOwnerMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.channel(appId, channelId) }),
  });
}
