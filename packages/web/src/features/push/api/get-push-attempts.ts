import { fillPath, api as paths, zPushAttemptsPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

export const PUSH_ATTEMPTS_PAGE_SIZE = 20;

/** The push log, newest first; `userId` narrows it to one user's devices. */
export async function getPushAttempts(
  { appId, userId, cursor }: { appId: string; userId: string; cursor?: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(paths.apps.pushAttempts, { id: appId }), zPushAttemptsPage, {
    signal,
    query: { cursor, limit: PUSH_ATTEMPTS_PAGE_SIZE, userId: userId || undefined },
  });
}

export const pushAttemptsQueryOptions = (appId: string, userId: string) =>
  infiniteQueryOptions({
    queryKey: pushKeys.attempts(appId, userId),
    queryFn: ({ signal, pageParam }) => getPushAttempts({ appId, userId, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function usePushAttempts(appId: string, userId: string) {
  return useInfiniteQuery(pushAttemptsQueryOptions(appId, userId));
}
