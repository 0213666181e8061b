import { dashboardChat, fillPath } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { channelKeys } from "./keys";

export async function banMember({
  appId,
  channelId,
  ...body
}: { appId: string; channelId: string } & { userId: string }) {
  return api.post(fillPath(dashboardChat.ban, { id: appId, channelId }), body);
}

export const banMemberMutationOptions = () => mutationOptions({ mutationFn: banMember });

export function useBanMember(appId: string, channelId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...banMemberMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.channel(appId, channelId) }),
  });
}
