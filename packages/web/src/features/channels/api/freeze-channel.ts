import { dashboardChat, fillPath, zChannelResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function freezeChannel({ appId, channelId }: { appId: string; channelId: string }) {
  const { channel } = await api.post(fillPath(dashboardChat.freeze, { id: appId, channelId }), {}, zChannelResponse);
  return channel;
}

export const freezeChannelMutationOptions = () => mutationOptions({ mutationFn: freezeChannel });

export function useFreezeChannel(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...freezeChannelMutationOptions(),
    onSuccess: (channel) => queryClient.invalidateQueries({ queryKey: channelKeys.detail(appId, channel.id) }),
  });
}
