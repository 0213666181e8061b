import { fillPath, api as paths, zTranslationKeyResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { translationKeys } from "./keys";

/** The registered Google key's hint and creation date, or null; the key itself never comes back. */
export async function getTranslationKey(appId: string, signal?: AbortSignal) {
  const { key } = await api.get(fillPath(paths.apps.translationKey, { id: appId }), zTranslationKeyResponse, {
    signal,
  });
  return key;
}

export const translationKeyQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: translationKeys.key(appId),
    queryFn: ({ signal }) => getTranslationKey(appId, signal),
  });

export function useTranslationKey(appId: string) {
  return useQuery(translationKeyQueryOptions(appId));
}
