import { dashboardChat, fillPath, zChannelResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { channelKeys } from "./keys";

export async function addMembers({
  appId,
  channelId,
  ...body
}: { appId: string; channelId: string } & { userIds: string[] }) {
  return api.post(fillPath(dashboardChat.membersAdd, { id: appId, channelId }), body, zChannelResponse);
}

export const addMembersMutationOptions = () => mutationOptions({ mutationFn: addMembers });

export function useAddMembers(appId: string, channelId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...addMembersMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.channel(appId, channelId) }),
  });
}
