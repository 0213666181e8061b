import { fillPath, api as paths, zAppResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function getApp(appId: string, signal?: AbortSignal) {
  const { app } = await api.get(fillPath(paths.apps.one, { id: appId }), zAppResponse, { signal });
  return app;
}

export const appQueryOptions = (appId: string) =>
  queryOptions({ queryKey: appKeys.detail(appId), queryFn: ({ signal }) => getApp(appId, signal) });

export function useApp(appId: string) {
  return useQuery(appQueryOptions(appId));
}
