import { fillPath, api as paths, zSuperChannelPushSettingsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

export async function getSuperChannelSettings(appId: string, signal?: AbortSignal) {
  const { settings } = await api.get(
    fillPath(paths.apps.pushSuperChannel, { id: appId }),
    zSuperChannelPushSettingsResponse,
    { signal },
  );
  return settings;
}

export const superChannelSettingsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: pushKeys.superChannel(appId),
    queryFn: ({ signal }) => getSuperChannelSettings(appId, signal),
  });

export function useSuperChannelSettings(appId: string) {
  return useQuery(superChannelSettingsQueryOptions(appId));
}
