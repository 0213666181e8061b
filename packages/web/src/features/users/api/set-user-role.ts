import { dashboardRoles, fillPath, zUserRoleState } from "@parley/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { roleKeys } from "@/data/roles/keys";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

export async function setUserRole({ appId, userId, role }: { appId: string; userId: string; role: string }) {
  return api.put(fillPath(dashboardRoles.userRole, { id: appId, userId }), { role }, zUserRoleState);
}

/** Gives a user an app role; the list shows it and the roles page's user counts change with it. */
export function useSetUserRole(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserRole,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.app(appId) }),
        queryClient.invalidateQueries({ queryKey: roleKeys.roles(appId) }),
      ]),
  });
}
