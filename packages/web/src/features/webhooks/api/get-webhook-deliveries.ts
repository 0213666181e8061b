import { fillPath, api as paths, zWebhookDeliveriesPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type DeliveryFilter, webhookKeys } from "./keys";

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;

/** The delivery log, newest first; `failed` keeps only deliveries whose attempts are used up. */
export async function getWebhookDeliveries(
  { appId, status, cursor }: { appId: string; status: DeliveryFilter; cursor?: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(paths.apps.webhookDeliveries, { id: appId }), zWebhookDeliveriesPage, {
    signal,
    query: { cursor, limit: WEBHOOK_DELIVERIES_PAGE_SIZE, status },
  });
}

export const webhookDeliveriesQueryOptions = (appId: string, status: DeliveryFilter) =>
  infiniteQueryOptions({
    queryKey: webhookKeys.deliveries(appId, status),
    queryFn: ({ signal, pageParam }) => getWebhookDeliveries({ appId, status, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useWebhookDeliveries(appId: string, status: DeliveryFilter) {
  return useInfiniteQuery(webhookDeliveriesQueryOptions(appId, status));
}
