import { dashboardChat, fillPath, zChannelResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function unfreezeChannel({ appId, channelId }: { appId: string; channelId: string }) {
  const { channel } = await api.post(fillPath(dashboardChat.unfreeze, { id: appId, channelId }), {}, zChannelResponse);
  return channel;
}

export const unfreezeChannelMutationOptions = () => mutationOptions({ mutationFn: unfreezeChannel });

export function useUnfreezeChannel(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...unfreezeChannelMutationOptions(),
    onSuccess: (channel) => queryClient.invalidateQueries({ queryKey: channelKeys.detail(appId, channel.id) }),
  });
}
