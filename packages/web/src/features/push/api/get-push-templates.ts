import { fillPath, api as paths, zPushTemplatesResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

/** All eleven templates at once, each with its current text (the default until the owner saves one). */
export async function getPushTemplates(appId: string, signal?: AbortSignal) {
  const { templates } = await api.get(fillPath(paths.apps.pushTemplates, { id: appId }), zPushTemplatesResponse, {
    signal,
  });
  return templates;
}

export const pushTemplatesQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: pushKeys.templates(appId),
    queryFn: ({ signal }) => getPushTemplates(appId, signal),
  });

export function usePushTemplates(appId: string) {
  return useQuery(pushTemplatesQueryOptions(appId));
}
