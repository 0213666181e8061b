import { dashboardRoles, fillPath, zOk, zRoleResponse } from "@parley/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { roleKeys } from "@/data/roles/keys";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

export async function createRole(appId: string, input: { name: string; description: string }) {
  const { role } = await api.post(fillPath(dashboardRoles.roles, { id: appId }), input, zRoleResponse);
  return role;
}

export async function updateRole(appId: string, name: string, description: string) {
  const { role } = await api.patch(fillPath(dashboardRoles.role, { id: appId, name }), { description }, zRoleResponse);
  return role;
}

export async function deleteRole(appId: string, name: string) {
  await api.delete(fillPath(dashboardRoles.role, { id: appId, name }), zOk);
}

/** A role's removal changes the matrices too (its row goes), so both are read again. */
export function useDeleteRole(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    mutationFn: (name: string) => deleteRole(appId, name),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.app(appId) }),
  });
}
