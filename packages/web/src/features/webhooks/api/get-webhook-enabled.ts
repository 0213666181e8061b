import { fillPath, api as paths, zWebhookEnabled } from "@parley/contract";
import { queryOptions } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./keys";

export async function getWebhookEnabled(appId: string, signal?: AbortSignal) {
  const { enabled } = await api.get(fillPath(paths.apps.webhookEnabled, { id: appId }), zWebhookEnabled, { signal });
  return enabled;
}

export const webhookEnabledQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: webhookKeys.enabled(appId),
    queryFn: ({ signal }) => getWebhookEnabled(appId, signal),
  });
