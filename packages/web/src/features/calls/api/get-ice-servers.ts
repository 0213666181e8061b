import { dashboardCallsApi, fillPath, zIceServersResponse } from "@parley/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { callKeys } from "./keys";

/**
 * The app's ICE servers with fresh TURN credentials (user `<expiry>:dashboard-test`), for testing the TURN server
 * from this browser.
 */
export async function getIceServers(appId: string, signal?: AbortSignal) {
  return api.get(fillPath(dashboardCallsApi.iceServers, { id: appId }), zIceServersResponse, { signal });
}

/** Asked anew for each test and not kept: the credentials expire, and the settings may have changed since. */
export const iceServersQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: callKeys.iceServers(appId),
    queryFn: ({ signal }) => getIceServers(appId, signal),
    staleTime: 0,
    gcTime: 0,
  });
