import { dashboardChat, fillPath, zChannelResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type PinTarget, storePinnedChannel } from "./pin-message";

export async function unpinMessage({ appId, channelId, messageId }: PinTarget) {
  const { channel } = await api.delete(
    fillPath(dashboardChat.pin, { id: appId, channelId, messageId }),
    zChannelResponse,
  );
  return channel;
}

export const unpinMessageMutationOptions = () => mutationOptions({ mutationFn: unpinMessage });

export function useUnpinMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    ...unpinMessageMutationOptions(),
    onSuccess: (channel, target) => storePinnedChannel(queryClient, target, channel),
  });
}
