import { fillPath, api as paths, zAppMetricsResponse } from "@parley/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { DayRange } from "../lib/range";
import { reportKeys } from "./keys";

export async function getAppMetrics(appId: string, range: DayRange, signal?: AbortSignal) {
  return api.get(fillPath(paths.metrics.app, { appId }), zAppMetricsResponse, {
    query: { from: range.from, to: range.to },
    signal,
  });
}

export const appMetricsQueryOptions = (appId: string, range: DayRange) =>
  queryOptions({
    queryKey: reportKeys.appDaily(appId, range),
    queryFn: ({ signal }) => getAppMetrics(appId, range, signal),
    // The previous range stays on screen while the next loads, so the chart does not flash empty.
    placeholderData: keepPreviousData,
  });

export function useAppMetrics(appId: string, range: DayRange) {
  return useQuery(appMetricsQueryOptions(appId, range));
}
