import type { TAppsMetricsResponse } from "@parley/contract";
import { useQuery } from "@tanstack/react-query";
import { appsMetricsQueryOptions } from "@/data/metrics/get-apps-metrics";
import type { DayRange } from "../lib/billing-period";

/** What the plan is billed on so far: every app's messages and cumulative DAU over the range, summed. */
function sumPlanUsage({ data }: TAppsMetricsResponse) {
  return data.reduce(
    (sum, app) => ({
      messages: sum.messages + app.messageCount,
      cumulativeDau: sum.cumulativeDau + app.activeUserCount,
    }),
    { messages: 0, cumulativeDau: 0 },
  );
}

/** The apps' totals the reports page reads too, summed; one query and one cache entry per range for both. */
export function usePlanUsage(range: DayRange | null) {
  return useQuery({
    ...appsMetricsQueryOptions(range ?? { from: "", to: "" }),
    enabled: range !== null,
    select: sumPlanUsage,
  });
}
