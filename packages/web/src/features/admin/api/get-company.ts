import { fillPath, api as paths, zCompanyDetail } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

export async function getCompany(companyId: string, signal?: AbortSignal) {
  return api.get(fillPath(paths.admin.company, { companyId }), zCompanyDetail, { signal });
}

export const companyQueryOptions = (companyId: string) =>
  queryOptions({
    queryKey: adminKeys.company(companyId),
    queryFn: ({ signal }) => getCompany(companyId, signal),
  });

export function useCompany(companyId: string) {
  return useQuery(companyQueryOptions(companyId));
}
