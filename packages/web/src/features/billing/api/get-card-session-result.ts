import { billingApi, fillPath, zCardSessionResult } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { billingKeys } from "./keys";

export async function getCardSessionResult(sessionId: string, signal?: AbortSignal) {
  return api.get(fillPath(billingApi.cardSessionResult, { sessionId }), zCardSessionResult, { signal });
}

/** While the card page has not reported back the result is asked again; a finished one never changes. */
export const CARD_SESSION_POLL_MS = 2000;

export const cardSessionResultQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: billingKeys.cardSession(sessionId),
    queryFn: ({ signal }) => getCardSessionResult(sessionId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (query) => (query.state.data?.result === "pending" ? CARD_SESSION_POLL_MS : false),
  });

export function useCardSessionResult(sessionId: string) {
  return useQuery(cardSessionResultQueryOptions(sessionId));
}
