import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./keys";

/** Sends a delivery again under the same `webhook-id`, so a receiver that already took it can drop the repeat. */
export async function redeliverWebhook({ appId, deliveryId }: { appId: string; deliveryId: string }) {
  await api.post(fillPath(paths.apps.webhookRedeliver, { id: appId, deliveryId }));
}

export const redeliverWebhookMutationOptions = () => mutationOptions({ mutationFn: redeliverWebhook });

export function useRedeliverWebhook(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...redeliverWebhookMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveriesRoot(appId) }),
  });
}
