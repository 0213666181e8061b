import { dashboardRoles, fillPath, zRolesResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { roleKeys } from "./keys";

/** The app's roles, built-in then custom: the roles page lists them and the users page offers them. */
export async function getRoles(appId: string, signal?: AbortSignal) {
  const { roles } = await api.get(fillPath(dashboardRoles.roles, { id: appId }), zRolesResponse, { signal });
  return roles;
}

export const rolesQueryOptions = (appId: string) =>
  queryOptions({ queryKey: roleKeys.roles(appId), queryFn: ({ signal }) => getRoles(appId, signal) });

export function useRoles(appId: string) {
  return useQuery(rolesQueryOptions(appId));
}
