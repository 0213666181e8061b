import { api as paths, zAppsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function getApps(signal?: AbortSignal) {
  const { apps } = await api.get(paths.apps.list, zAppsResponse, { signal });
  return apps;
}

export const appsQueryOptions = () =>
  queryOptions({ queryKey: appKeys.list(), queryFn: ({ signal }) => getApps(signal), retry: false });

export function useApps() {
  return useQuery(appsQueryOptions());
}
