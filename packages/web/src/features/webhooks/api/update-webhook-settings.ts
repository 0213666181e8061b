import { fillPath, api as paths, type TWebhookSettingsRequest, zWebhookSettingsResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { webhookKeys } from "./keys";

/** Saves URL and events; a URL that resolves to a private or local address is refused with code 3043. */
export async function updateWebhookSettings({ appId, body }: { appId: string; body: TWebhookSettingsRequest }) {
  const { settings } = await api.put(
    fillPath(paths.apps.webhookSettings, { id: appId }),
    body,
    zWebhookSettingsResponse,
  );
  return settings;
}

export const updateWebhookSettingsMutationOptions = () => mutationOptions({ mutationFn: updateWebhookSettings });

export function useUpdateWebhookSettings(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateWebhookSettingsMutationOptions(),
    onSuccess: (settings) => queryClient.setQueryData(webhookKeys.settings(appId), settings),
  });
}
