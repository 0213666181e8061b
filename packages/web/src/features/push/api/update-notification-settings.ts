import {
  fillPath,
  api as paths,
  type TPushNotificationSettings,
  zPushNotificationSettingsResponse,
} from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { pushKeys } from "./keys";

export async function updateNotificationSettings({
  appId,
  settings,
}: {
  appId: string;
  settings: TPushNotificationSettings;
}) {
  const response = await api.put(
    fillPath(paths.apps.pushNotificationSettings, { id: appId }),
    settings,
    zPushNotificationSettingsResponse,
  );
  return response.settings;
}

export const updateNotificationSettingsMutationOptions = () =>
  mutationOptions({ mutationFn: updateNotificationSettings });

export function useUpdateNotificationSettings(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateNotificationSettingsMutationOptions(),
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.notificationSettings(appId), settings),
  });
}
