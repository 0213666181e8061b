import { fillPath, api as paths, zWebhookEnabled } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./keys";

export async function updateWebhookEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(fillPath(paths.apps.webhookEnabled, { id: appId }), { enabled }, zWebhookEnabled);
  return response.enabled;
}

export const updateWebhookEnabledMutationOptions = () => mutationOptions({ mutationFn: updateWebhookEnabled });

export function useUpdateWebhookEnabled(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateWebhookEnabledMutationOptions(),
    onSuccess: (enabled) => queryClient.setQueryData(webhookKeys.enabled(appId), enabled),
  });
}
