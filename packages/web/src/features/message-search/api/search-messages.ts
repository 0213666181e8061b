import { fillPath, messageSearchApi, zAppMessageSearchResponse } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type MessageSearchFilters, messageSearchKeys } from "./keys";

export const SEARCH_PAGE_SIZE = 20;

/** One page of the app's messages that match, newest first. */
export async function searchMessages(
  { appId, filters, cursor }: { appId: string; filters: MessageSearchFilters; cursor?: string | undefined },
  signal?: AbortSignal,
) {
  return api.get(fillPath(messageSearchApi.search, { id: appId }), zAppMessageSearchResponse, {
    signal,
    query: { ...filters, cursor, limit: SEARCH_PAGE_SIZE },
  });
}

export const messageSearchQueryOptions = (appId: string, filters: MessageSearchFilters | null) =>
  infiniteQueryOptions({
    queryKey: messageSearchKeys.results(appId, filters ?? { q: "" }),
    queryFn: ({ signal, pageParam }) =>
      searchMessages({ appId, filters: filters ?? { q: "" }, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    // Nothing is asked before a search is made.
    enabled: filters !== null,
  });

/** The search's results; idle until `filters` is given. */
export function useMessageSearch(appId: string, filters: MessageSearchFilters | null) {
  return useInfiniteQuery(messageSearchQueryOptions(appId, filters));
}
