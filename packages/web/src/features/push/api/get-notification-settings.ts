import { fillPath, api as paths, zPushNotificationSettingsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

export async function getNotificationSettings(appId: string, signal?: AbortSignal) {
  const { settings } = await api.get(
    fillPath(paths.apps.pushNotificationSettings, { id: appId }),
    zPushNotificationSettingsResponse,
    { signal },
  );
  return settings;
}

export const notificationSettingsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: pushKeys.notificationSettings(appId),
    queryFn: ({ signal }) => getNotificationSettings(appId, signal),
  });

export function useNotificationSettings(appId: string) {
  return useQuery(notificationSettingsQueryOptions(appId));
}
