import { fillPath, reportQueueApi, zReportTargetsPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type ReportFilters, reportKeys } from "./keys";

export const REPORTS_PAGE_SIZE = 20;

/** Reported messages and users, most recently reported first, each with its latest reports. */
export async function getReportTargets(
  { appId, filters, cursor }: { appId: string; filters: ReportFilters; cursor?: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(reportQueueApi.targets, { id: appId }), zReportTargetsPage, {
    signal,
    query: {
      cursor,
      limit: REPORTS_PAGE_SIZE,
      status: filters.status,
      kind: filters.kind === "all" ? undefined : filters.kind,
    },
  });
}

export const reportTargetsQueryOptions = (appId: string, filters: ReportFilters) =>
  infiniteQueryOptions({
    queryKey: reportKeys.list(appId, filters),
    queryFn: ({ signal, pageParam }) => getReportTargets({ appId, filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useReportTargets(appId: string, filters: ReportFilters) {
  return useInfiniteQuery(reportTargetsQueryOptions(appId, filters));
}
