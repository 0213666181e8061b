import { fillPath, api as paths, type TAppChatSettings, zAppChatSettingsResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function updateChatSettings({ appId, settings }: { appId: string; settings: TAppChatSettings }) {
  const response = await api.put(fillPath(paths.apps.admin, { id: appId }), settings, zAppChatSettingsResponse);
  return response.settings;
}

export const updateChatSettingsMutationOptions = () => mutationOptions({ mutationFn: updateChatSettings });

export function useUpdateChatSettings(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateChatSettingsMutationOptions(),
    onSuccess: (settings) => queryClient.setQueryData(appKeys.chatSettings(appId), settings),
  });
}
