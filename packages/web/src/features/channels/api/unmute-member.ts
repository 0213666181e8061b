import { dashboardChat, fillPath, zMember } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function unmuteMember({
  appId,
  channelId,
  ...body
}: { appId: string; channelId: string } & { userId: string }) {
  return api.post(fillPath(dashboardChat.unmute, { id: appId, channelId }), body, zMember);
}

export const unmuteMemberMutationOptions = () => mutationOptions({ mutationFn: unmuteMember });

export function useUnmuteMember(appId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...unmuteMemberMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.channel(appId, channelId) }),
  });
}
