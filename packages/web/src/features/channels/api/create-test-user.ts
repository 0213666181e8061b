import { dashboardChat, fillPath, type TCreateTestUserRequest, zChatUserResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function createTestUser({ appId, body }: { appId: string; body: TCreateTestUserRequest }) {
  const { user } = await api.post(fillPath(dashboardChat.testUsers, { id: appId }), body, zChatUserResponse);
  return user;
}

export const createTestUserMutationOptions = () => mutationOptions({ mutationFn: createTestUser });

export function useCreateTestUser(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createTestUserMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.testUsers(appId) }),
  });
}
