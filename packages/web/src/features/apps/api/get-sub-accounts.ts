import { fillPath, api as paths, zSubAccountList } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function getSubAccounts(appId: string, signal?: AbortSignal) {
  const { subAccounts } = await api.get(fillPath(paths.apps.subAccounts, { id: appId }), zSubAccountList, { signal });
  return subAccounts;
}

export const subAccountsQueryOptions = (appId: string) =>
  queryOptions({ queryKey: appKeys.subAccounts(appId), queryFn: ({ signal }) => getSubAccounts(appId, signal) });

export function useSubAccounts(appId: string) {
  return useQuery(subAccountsQueryOptions(appId));
}
