import { api as paths, zAppsMetricsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { DayRange } from "../lib/range";
import { reportKeys } from "./keys";

export async function getAppsMetrics(range: DayRange, signal?: AbortSignal) {
  return api.get(paths.metrics.apps, zAppsMetricsResponse, { query: { from: range.from, to: range.to }, signal });
}

export const appsMetricsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: reportKeys.appsTotals(range),
    queryFn: ({ signal }) => getAppsMetrics(range, signal),
  });

export function useAppsMetrics(range: DayRange) {
  return useQuery(appsMetricsQueryOptions(range));
}
