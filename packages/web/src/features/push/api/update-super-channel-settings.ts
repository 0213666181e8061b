import {
  fillPath,
  api as paths,
  type TSuperChannelPushSettings,
  zSuperChannelPushSettingsResponse,
} from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { pushKeys } from "./keys";

export async function updateSuperChannelSettings({
  appId,
  settings,
}: {
  appId: string;
  settings: TSuperChannelPushSettings;
}) {
  const response = await api.put(
    fillPath(paths.apps.pushSuperChannel, { id: appId }),
    settings,
    zSuperChannelPushSettingsResponse,
  );
  return response.settings;
}

export const updateSuperChannelSettingsMutationOptions = () =>
  mutationOptions({ mutationFn: updateSuperChannelSettings });

export function useUpdateSuperChannelSettings(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateSuperChannelSettingsMutationOptions(),
    onSuccess: (settings) => queryClient.setQueryData(pushKeys.superChannel(appId), settings),
  });
}
