import { dashboardShadowBans, fillPath, zShadowBanState } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

export async function setUserShadowBan({
  appId,
  userId,
  shadowBanned,
}: {
  appId: string;
  userId: string;
  shadowBanned: boolean;
}) {
  return api.put(fillPath(dashboardShadowBans.user, { id: appId, userId }), { shadowBanned }, zShadowBanState);
}

export const setUserShadowBanMutationOptions = () => mutationOptions({ mutationFn: setUserShadowBan });

/** Sets or lifts a user's shadow ban in the app; the answer is the state the toggle shows. */
export function useSetUserShadowBan(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...setUserShadowBanMutationOptions(),
    onSuccess: (state) => queryClient.setQueryData(userKeys.shadowBan(appId, state.userId), state),
  });
}
