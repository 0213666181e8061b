import { fillPath, api as paths, zApnsKeyResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

/** The registered APNs key without its private key, or null when none is registered. */
export async function getApnsKey(appId: string, signal?: AbortSignal) {
  const { key } = await api.get(fillPath(paths.apps.pushApnsKey, { id: appId }), zApnsKeyResponse, { signal });
  return key;
}

export const apnsKeyQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: pushKeys.apnsKey(appId),
    queryFn: ({ signal }) => getApnsKey(appId, signal),
  });

export function useApnsKey(appId: string) {
  return useQuery(apnsKeyQueryOptions(appId));
}
