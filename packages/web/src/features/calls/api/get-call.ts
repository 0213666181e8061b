import { dashboardCallsApi, fillPath, zDashboardCallResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { callKeys } from "./keys";

/** One call with its timeline: each state it reached, when, and who moved it there. */
export async function getCall({ appId, callId }: { appId: string; callId: string }, signal?: AbortSignal) {
  return api.get(fillPath(dashboardCallsApi.call, { id: appId, callId }), zDashboardCallResponse, { signal });
}

export const callQueryOptions = (appId: string, callId: string) =>
  queryOptions({
    queryKey: callKeys.call(appId, callId),
    queryFn: ({ signal }) => getCall({ appId, callId }, signal),
  });

export function useCall(appId: string, callId: string | null) {
  return useQuery({ ...callQueryOptions(appId, callId ?? ""), enabled: callId !== null });
}
