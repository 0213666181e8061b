import { dashboardShadowBans, fillPath, zShadowBanState } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function setMemberShadowBan({
  appId,
  channelId,
  userId,
  shadowBanned,
}: {
  appId: string;
  channelId: string;
  userId: string;
  shadowBanned: boolean;
}) {
  const path = fillPath(dashboardShadowBans.member, { id: appId, channelId, userId });
  return api.put(path, { shadowBanned }, zShadowBanState);
}

export const setMemberShadowBanMutationOptions = () => mutationOptions({ mutationFn: setMemberShadowBan });

/** Sets or lifts a member's shadow ban; the member's facts and the channel's messages are read again. */
export function useSetMemberShadowBan(appId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...setMemberShadowBanMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.channel(appId, channelId) }),
  });
}
