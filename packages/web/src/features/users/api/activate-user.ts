import { dashboardChat, fillPath, zChatUserResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

export async function activateUser({ appId, userId }: { appId: string; userId: string }) {
  const { user } = await api.post(fillPath(dashboardChat.activate, { id: appId, userId }), {}, zChatUserResponse);
  return user;
}

export const activateUserMutationOptions = () => mutationOptions({ mutationFn: activateUser });

export function useActivateUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...activateUserMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.app(appId) }),
  });
}
