import { plansApi, zCurrentPlanResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { planKeys } from "./keys";

export async function getCurrentPlan(signal?: AbortSignal) {
  const { current } = await api.get(plansApi.current, zCurrentPlanResponse, { signal });
  return current;
}

export const currentPlanQueryOptions = () =>
  queryOptions({ queryKey: planKeys.current(), queryFn: ({ signal }) => getCurrentPlan(signal) });

export function useCurrentPlan() {
  return useQuery(currentPlanQueryOptions());
}
