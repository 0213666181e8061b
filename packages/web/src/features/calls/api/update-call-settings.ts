import { dashboardCallsApi, fillPath, type TUpdateCallSettingsRequest, zCallSettingsResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { callKeys } from "./keys";

/**
 * Replaces the ICE servers. A `turnSecret` replaces the stored one and an absent one keeps it; TURN URLs with no
 * secret, given or stored, are refused with code 3098.
 */
export async function updateCallSettings({ appId, body }: { appId: string; body: TUpdateCallSettingsRequest }) {
  const { settings } = await api.put(fillPath(dashboardCallsApi.settings, { id: appId }), body, zCallSettingsResponse);
  return settings;
}

export const updateCallSettingsMutationOptions = () => mutationOptions({ mutationFn: updateCallSettings });

export function useUpdateCallSettings(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateCallSettingsMutationOptions(),
    onSuccess: (saved) => queryClient.setQueryData(callKeys.settings(appId), saved),
  });
}
