import { dashboardRoles, fillPath, type TSetMemberRoleRequest, zMemberRoleState } from "@parley/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function setMemberRole({
  appId,
  channelId,
  userId,
  role,
}: {
  appId: string;
  channelId: string;
  userId: string;
  role: TSetMemberRoleRequest["role"];
}) {
  return api.put(fillPath(dashboardRoles.memberRole, { id: appId, channelId, userId }), { role }, zMemberRoleState);
}

/** Makes a member a channel moderator or a plain member again; the member's details and the lists show it. */
export function useSetMemberRole(appId: string, channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMemberRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.members(appId, channelId) }),
  });
}
