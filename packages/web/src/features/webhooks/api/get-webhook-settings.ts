import { fillPath, api as paths, zWebhookSettingsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./keys";

/** URL, events, and the signing secret the owner's receiver verifies deliveries with. */
export async function getWebhookSettings(appId: string, signal?: AbortSignal) {
  const { settings } = await api.get(fillPath(paths.apps.webhookSettings, { id: appId }), zWebhookSettingsResponse, {
    signal,
  });
  return settings;
}

export const webhookSettingsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: webhookKeys.settings(appId),
    queryFn: ({ signal }) => getWebhookSettings(appId, signal),
  });

export function useWebhookSettings(appId: string) {
  return useQuery(webhookSettingsQueryOptions(appId));
}
