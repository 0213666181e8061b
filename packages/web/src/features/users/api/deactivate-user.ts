import { dashboardChat, fillPath, zChatUserResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

export async function deactivateUser({ appId, userId }: { appId: string; userId: string }) {
  const { user } = await api.post(fillPath(dashboardChat.deactivate, { id: appId, userId }), {}, zChatUserResponse);
  return user;
}

export const deactivateUserMutationOptions = () => mutationOptions({ mutationFn: deactivateUser });

export function useDeactivateUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deactivateUserMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.app(appId) }),
  });
}
