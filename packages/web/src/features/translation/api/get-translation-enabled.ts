import { fillPath, api as paths, zTranslationEnabled } from "@parley/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { translationKeys } from "./keys";

export async function getTranslationEnabled(appId: string, signal?: AbortSignal) {
  const { enabled } = await api.get(fillPath(paths.apps.translationEnabled, { id: appId }), zTranslationEnabled, {
    signal,
  });
  return enabled;
}

export const translationEnabledQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: translationKeys.enabled(appId),
    queryFn: ({ signal }) => getTranslationEnabled(appId, signal),
  });
