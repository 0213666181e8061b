import { api as paths, zAppsMetricsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** `YYYY-MM-DD` both ends included, in UTC days as the server counts them. */
interface DayRange {
  from: string;
  to: string;
}

/** Every app's totals over a range; the reports page and the plan's usage so far read this one entry. */
export const metricsKeys = {
  all: ["metrics"] as const,
  appsTotals: (range: DayRange) => [...metricsKeys.all, "apps", range] as const,
};

export async function getAppsMetrics(range: DayRange, signal?: AbortSignal) {
  return api.get(paths.metrics.apps, zAppsMetricsResponse, { query: { from: range.from, to: range.to }, signal });
}

export const appsMetricsQueryOptions = (range: DayRange) =>
  queryOptions({
    queryKey: metricsKeys.appsTotals(range),
    queryFn: ({ signal }) => getAppsMetrics(range, signal),
  });

export function useAppsMetrics(range: DayRange) {
  return useQuery(appsMetricsQueryOptions(range));
}
