import { dashboardChat, fillPath, zChatUsersPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { userKeys } from "./keys";

export const USERS_PAGE_SIZE = 20;

export async function getUsers(
  { appId, search, cursor }: { appId: string; search: string; cursor?: string },
  signal?: AbortSignal,
) {
  const path = search ? dashboardChat.searchUsers : dashboardChat.users;
  return api.get(fillPath(path, { id: appId }), zChatUsersPage, {
    signal,
    query: { cursor, limit: USERS_PAGE_SIZE, q: search || undefined },
  });
}

export const usersQueryOptions = (appId: string, search: string) =>
  infiniteQueryOptions({
    queryKey: userKeys.list(appId, search),
    queryFn: ({ signal, pageParam }) => getUsers({ appId, search, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useUsers(appId: string, search: string) {
  return useInfiniteQuery(usersQueryOptions(appId, search));
}
