import { fillPath, api as paths, zWebhookDeliveryResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./keys";

/** One delivery with every attempt and the payload it sent. */
export async function getWebhookDelivery(
  { appId, deliveryId }: { appId: string; deliveryId: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(paths.apps.webhookDelivery, { id: appId, deliveryId }), zWebhookDeliveryResponse, {
    signal,
  });
}

export const webhookDeliveryQueryOptions = (appId: string, deliveryId: string) =>
  queryOptions({
    queryKey: webhookKeys.delivery(appId, deliveryId),
    queryFn: ({ signal }) => getWebhookDelivery({ appId, deliveryId }, signal),
  });

export function useWebhookDelivery(appId: string, deliveryId: string | null) {
  return useQuery({ ...webhookDeliveryQueryOptions(appId, deliveryId ?? ""), enabled: deliveryId !== null });
}
