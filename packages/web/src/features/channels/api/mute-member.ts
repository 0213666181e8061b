import { dashboardChat, fillPath, zMember } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { channelKeys } from "./keys";

export async function muteMember({
  appId,
  channelId,
  ...body
}: { appId: string; channelId: string } & { userId: string; minutes: number }) {
  return api.post(fillPath(dashboardChat.mute, { id: appId, channelId }), body, zMember);
}

export const muteMemberMutationOptions = () => mutationOptions({ mutationFn: muteMember });

export function useMuteMember(appId: string, channelId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...muteMemberMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.channel(appId, channelId) }),
  });
}
