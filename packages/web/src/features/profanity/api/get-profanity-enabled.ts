import { fillPath, api as paths, zProfanityEnabledResponse } from "@parley/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { profanityKeys } from "./keys";

export async function getProfanityEnabled(appId: string, signal?: AbortSignal) {
  const { enabled } = await api.get(fillPath(paths.apps.profanityEnabled, { id: appId }), zProfanityEnabledResponse, {
    signal,
  });
  return enabled;
}

export const profanityEnabledQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: profanityKeys.enabled(appId),
    queryFn: ({ signal }) => getProfanityEnabled(appId, signal),
  });
