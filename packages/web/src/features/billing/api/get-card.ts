import { billingApi, zCardResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { billingKeys } from "./keys";

export async function getCard(signal?: AbortSignal) {
  return api.get(billingApi.card, zCardResponse, { signal });
}

export const cardQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.card(), queryFn: ({ signal }) => getCard(signal) });

export function useCard() {
  return useQuery(cardQueryOptions());
}
