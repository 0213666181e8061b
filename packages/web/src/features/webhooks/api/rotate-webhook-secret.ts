import { fillPath, api as paths, zWebhookSettingsResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { webhookKeys } from "./keys";

/** Replaces the signing secret; the old one keeps signing alongside for WEBHOOK_PREVIOUS_SECRET_HOURS. */
export async function rotateWebhookSecret({ appId }: { appId: string }) {
  const { settings } = await api.post(
    fillPath(paths.apps.webhookSecretRotate, { id: appId }),
    {},
    zWebhookSettingsResponse,
  );
  return settings;
}

export const rotateWebhookSecretMutationOptions = () => mutationOptions({ mutationFn: rotateWebhookSecret });

export function useRotateWebhookSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...rotateWebhookSecretMutationOptions(),
    onSuccess: (settings) => queryClient.setQueryData(webhookKeys.settings(appId), settings),
  });
}
