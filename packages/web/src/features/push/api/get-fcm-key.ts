import { fillPath, api as paths, zFcmKeyResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

/** The registered FCM credential without its secret, or null when none is registered. */
export async function getFcmKey(appId: string, signal?: AbortSignal) {
  const { key } = await api.get(fillPath(paths.apps.pushFcmKey, { id: appId }), zFcmKeyResponse, { signal });
  return key;
}

export const fcmKeyQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: pushKeys.fcmKey(appId),
    queryFn: ({ signal }) => getFcmKey(appId, signal),
  });

export function useFcmKey(appId: string) {
  return useQuery(fcmKeyQueryOptions(appId));
}
