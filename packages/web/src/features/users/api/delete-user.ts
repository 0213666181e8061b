import { dashboardChat, fillPath } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

export async function deleteUser({ appId, userId }: { appId: string; userId: string }) {
  await api.delete(fillPath(dashboardChat.user, { id: appId, userId }));
}

export const deleteUserMutationOptions = () => mutationOptions({ mutationFn: deleteUser });

export function useDeleteUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteUserMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.app(appId) }),
  });
}
