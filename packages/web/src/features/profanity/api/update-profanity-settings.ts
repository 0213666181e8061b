import { fillPath, api as paths, type TProfanitySettings, zProfanitySettingsResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { profanityKeys } from "./keys";

export async function updateProfanitySettings({ appId, settings }: { appId: string; settings: TProfanitySettings }) {
  const response = await api.put(fillPath(paths.apps.profanity, { id: appId }), settings, zProfanitySettingsResponse);
  return response.settings;
}

export const updateProfanitySettingsMutationOptions = () => mutationOptions({ mutationFn: updateProfanitySettings });

export function useUpdateProfanitySettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateProfanitySettingsMutationOptions(),
    onSuccess: (settings) => queryClient.setQueryData(profanityKeys.settings(appId), settings),
  });
}
