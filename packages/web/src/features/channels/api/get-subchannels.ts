import { dashboardChat, fillPath, zSubchannelsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export function getSubchannels({ appId, channelId }: { appId: string; channelId: string }, signal?: AbortSignal) {
  return api.get(fillPath(dashboardChat.subchannels, { id: appId, channelId }), zSubchannelsResponse, { signal });
}

export const subchannelsQueryOptions = (appId: string, channelId: string) =>
  queryOptions({
    queryKey: channelKeys.subchannels(appId, channelId),
    queryFn: ({ signal }) => getSubchannels({ appId, channelId }, signal),
  });

/** A split super group's subchannels and members each; asked only while `enabled` (subchannels are on). */
export function useSubchannels(appId: string, channelId: string, enabled: boolean) {
  return useQuery({ ...subchannelsQueryOptions(appId, channelId), enabled });
}
