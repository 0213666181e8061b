import { fillPath, api as paths, type TWebhookEvent, zWebhookSampleResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./keys";

/** The exact body a delivery of `event` carries, with made-up ids and texts. */
export async function getWebhookSample(
  { appId, event }: { appId: string; event: TWebhookEvent },
  signal?: AbortSignal,
) {
  const { payload } = await api.get(fillPath(paths.apps.webhookSample, { id: appId }), zWebhookSampleResponse, {
    signal,
    query: { event },
  });
  return payload;
}

export const webhookSampleQueryOptions = (appId: string, event: TWebhookEvent) =>
  queryOptions({
    queryKey: webhookKeys.sample(appId, event),
    queryFn: ({ signal }) => getWebhookSample({ appId, event }, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useWebhookSample(appId: string, event: TWebhookEvent) {
  return useQuery(webhookSampleQueryOptions(appId, event));
}
