import { dashboardChat, fillPath } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function unbanMember({
  appId,
  channelId,
  ...body
}: { appId: string; channelId: string } & { userId: string }) {
  return api.post(fillPath(dashboardChat.unban, { id: appId, channelId }), body);
}

export const unbanMemberMutationOptions = () => mutationOptions({ mutationFn: unbanMember });

export function useUnbanMember(appId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...unbanMemberMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.channel(appId, channelId) }),
  });
}
