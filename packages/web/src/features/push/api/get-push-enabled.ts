import { fillPath, api as paths, zPushEnabled } from "@parley/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

export async function getPushEnabled(appId: string, signal?: AbortSignal) {
  const { enabled } = await api.get(fillPath(paths.apps.pushEnabled, { id: appId }), zPushEnabled, { signal });
  return enabled;
}

export const pushEnabledQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: pushKeys.enabled(appId),
    queryFn: ({ signal }) => getPushEnabled(appId, signal),
  });
