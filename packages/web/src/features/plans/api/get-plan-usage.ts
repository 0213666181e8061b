import { api as paths, zAppsMetricsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { DayRange } from "../lib/billing-period";
import { planKeys } from "./keys";

/** What the plan is billed on so far: every app's messages and cumulative DAU over the range, summed. */
export async function getPlanUsage(range: DayRange, signal?: AbortSignal) {
  const { data } = await api.get(paths.metrics.apps, zAppsMetricsResponse, {
    query: { from: range.from, to: range.to },
    signal,
  });
  return data.reduce(
    (sum, app) => ({
      messages: sum.messages + app.messageCount,
      cumulativeDau: sum.cumulativeDau + app.activeUserCount,
    }),
    { messages: 0, cumulativeDau: 0 },
  );
}

export const planUsageQueryOptions = (range: DayRange) =>
  queryOptions({ queryKey: planKeys.usage(range), queryFn: ({ signal }) => getPlanUsage(range, signal) });

export function usePlanUsage(range: DayRange | null) {
  return useQuery({
    ...planUsageQueryOptions(range ?? { from: "", to: "" }),
    enabled: range !== null,
  });
}
