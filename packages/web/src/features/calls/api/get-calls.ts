import { dashboardCallsApi, fillPath, zDashboardCallsPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type CallFilters, callKeys } from "./keys";

export const CALLS_PAGE_SIZE = 20;

/** The app's calls, newest first: made or received by `userId`, in `state`, started within `from`–`to`. */
export async function getCalls(
  { appId, filters, cursor }: { appId: string; filters: CallFilters; cursor?: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(dashboardCallsApi.calls, { id: appId }), zDashboardCallsPage, {
    signal,
    query: {
      cursor,
      limit: CALLS_PAGE_SIZE,
      userId: filters.userId || undefined,
      state: filters.state === "all" ? undefined : filters.state,
      from: filters.from,
      to: filters.to,
    },
  });
}

export const callsQueryOptions = (appId: string, filters: CallFilters) =>
  infiniteQueryOptions({
    queryKey: callKeys.list(appId, filters),
    queryFn: ({ signal, pageParam }) => getCalls({ appId, filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useCalls(appId: string, filters: CallFilters) {
  return useInfiniteQuery(callsQueryOptions(appId, filters));
}
