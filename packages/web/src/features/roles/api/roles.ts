import { dashboardRoles, fillPath, zOk, zRoleResponse, zRolesResponse } from "@parley/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { roleKeys } from "./keys";

export async function getRoles(appId: string, signal?: AbortSignal) {
  const { roles } = await api.get(fillPath(dashboardRoles.roles, { id: appId }), zRolesResponse, { signal });
  return roles;
}

export const rolesQueryOptions = (appId: string) =>
  queryOptions({ queryKey: roleKeys.roles(appId), queryFn: ({ signal }) => getRoles(appId, signal) });

export function useRoles(appId: string) {
  return useQuery(rolesQueryOptions(appId));
}

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
