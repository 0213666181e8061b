import { fillPath, api as paths, zAppOnboardingResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function getOnboarding(appId: string, signal?: AbortSignal) {
  const { onboarding } = await api.get(fillPath(paths.apps.onboarding, { id: appId }), zAppOnboardingResponse, {
    signal,
  });
  return onboarding;
}

export const onboardingQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: appKeys.onboarding(appId),
    queryFn: ({ signal }) => getOnboarding(appId, signal),
    // The steps are often done elsewhere (a terminal running the snippet, the sample app in another tab): coming
    // back to the dashboard asks again, so the checklist ticks without a reload.
    staleTime: 0,
    refetchOnWindowFocus: "always",
  });

export function useOnboarding(appId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...onboardingQueryOptions(appId), enabled });
}
