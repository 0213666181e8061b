import { fillPath, api as paths, type TWebhookTestRequest, zWebhookTestResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { webhookKeys } from "./keys";

/** Sends a sample event to the saved URL at once; a receiver that fails answers code 3044 with its reason. */
export async function sendWebhookTest({ appId, body }: { appId: string; body: TWebhookTestRequest }) {
  const { delivery } = await api.post(fillPath(paths.apps.webhookTest, { id: appId }), body, zWebhookTestResponse);
  return delivery;
}

export const sendWebhookTestMutationOptions = () => mutationOptions({ mutationFn: sendWebhookTest });

export function useSendWebhookTest(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...sendWebhookTestMutationOptions(),
    // A test send is logged like any delivery, failed or not.
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveriesRoot(appId) }),
  });
}
