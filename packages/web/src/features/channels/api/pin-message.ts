import { dashboardChat, fillPath, type TChannelDetailResponse, zChannelResponse } from "@parley/contract";
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export interface PinTarget {
  appId: string;
  channelId: string;
  messageId: string;
}

export async function pinMessage({ appId, channelId, messageId }: PinTarget) {
  const { channel } = await api.post(
    fillPath(dashboardChat.pin, { id: appId, channelId, messageId }),
    undefined,
    zChannelResponse,
  );
  return channel;
}

/** The channel as the pin left it: its detail (whose `pinnedMessageIds` the pinned strip reads) at once. */
export function storePinnedChannel(
  queryClient: QueryClient,
  target: PinTarget,
  channel: TChannelDetailResponse["channel"],
) {
  queryClient.setQueryData<TChannelDetailResponse>(channelKeys.detail(target.appId, target.channelId), (old) =>
    old ? { ...old, channel } : old,
  );
}

export const pinMessageMutationOptions = () => mutationOptions({ mutationFn: pinMessage });

export function usePinMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    ...pinMessageMutationOptions(),
    onSuccess: (channel, target) => storePinnedChannel(queryClient, target, channel),
  });
}
