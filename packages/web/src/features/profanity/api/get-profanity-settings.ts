import { fillPath, api as paths, zProfanitySettingsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { profanityKeys } from "./keys";

export async function getProfanitySettings(appId: string, signal?: AbortSignal) {
  const { settings } = await api.get(fillPath(paths.apps.profanity, { id: appId }), zProfanitySettingsResponse, {
    signal,
  });
  return settings;
}

export const profanitySettingsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: profanityKeys.settings(appId),
    queryFn: ({ signal }) => getProfanitySettings(appId, signal),
  });

export function useProfanitySettings(appId: string) {
  return useQuery(profanitySettingsQueryOptions(appId));
}
