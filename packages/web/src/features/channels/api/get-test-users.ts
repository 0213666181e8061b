import { dashboardChat, fillPath, zTestUsersResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { channelKeys } from "./keys";

export async function getTestUsers(appId: string, signal?: AbortSignal) {
  const { users } = await api.get(fillPath(dashboardChat.testUsers, { id: appId }), zTestUsersResponse, { signal });
  return users;
}

export const testUsersQueryOptions = (appId: string) =>
  queryOptions({ queryKey: channelKeys.testUsers(appId), queryFn: ({ signal }) => getTestUsers(appId, signal) });

export function useTestUsers(appId: string) {
  return useQuery(testUsersQueryOptions(appId));
}
