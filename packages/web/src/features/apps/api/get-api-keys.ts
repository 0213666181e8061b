import { fillPath, api as paths, zApiKeysResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function getApiKeys(appId: string, signal?: AbortSignal) {
  const { apiKeys } = await api.get(fillPath(paths.apps.apiKeys, { id: appId }), zApiKeysResponse, { signal });
  return apiKeys;
}

export const apiKeysQueryOptions = (appId: string) =>
  queryOptions({ queryKey: appKeys.apiKeys(appId), queryFn: ({ signal }) => getApiKeys(appId, signal) });

export function useApiKeys(appId: string) {
  return useQuery(apiKeysQueryOptions(appId));
}
