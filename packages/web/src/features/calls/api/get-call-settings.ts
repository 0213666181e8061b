import { dashboardCallsApi, fillPath, zCallSettingsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { callKeys } from "./keys";

/** The app's STUN and TURN URLs, and whether a TURN secret is stored (the secret itself never comes back). */
export async function getCallSettings(appId: string, signal?: AbortSignal) {
  const { settings } = await api.get(fillPath(dashboardCallsApi.settings, { id: appId }), zCallSettingsResponse, {
    signal,
  });
  return settings;
}

export const callSettingsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: callKeys.settings(appId),
    queryFn: ({ signal }) => getCallSettings(appId, signal),
  });

export function useCallSettings(appId: string) {
  return useQuery(callSettingsQueryOptions(appId));
}
