import { dashboardChat, fillPath, type TCreateChannelRequest, zChannelResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { channelKeys } from "./keys";

export async function createChannel({ appId, body }: { appId: string; body: TCreateChannelRequest }) {
  const { channel } = await api.post(fillPath(dashboardChat.channels, { id: appId }), body, zChannelResponse);
  return channel;
}

export const createChannelMutationOptions = () => mutationOptions({ mutationFn: createChannel });

export function useCreateChannel(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...createChannelMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...channelKeys.app(appId), "list"] }),
  });
}
