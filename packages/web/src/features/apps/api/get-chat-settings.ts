import { fillPath, api as paths, zAppChatSettingsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function getChatSettings(appId: string, signal?: AbortSignal) {
  const { settings } = await api.get(fillPath(paths.apps.admin, { id: appId }), zAppChatSettingsResponse, { signal });
  return settings;
}

export const chatSettingsQueryOptions = (appId: string) =>
  queryOptions({ queryKey: appKeys.chatSettings(appId), queryFn: ({ signal }) => getChatSettings(appId, signal) });

export function useChatSettings(appId: string) {
  return useQuery(chatSettingsQueryOptions(appId));
}
