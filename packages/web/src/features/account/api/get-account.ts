import { api as paths, zAccountResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountKeys } from "./keys";

export async function getAccount(signal?: AbortSignal) {
  const { account } = await api.get(paths.account.self, zAccountResponse, { signal });
  return account;
}

export const accountQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.self(), queryFn: ({ signal }) => getAccount(signal) });

export function useAccount() {
  return useQuery(accountQueryOptions());
}
