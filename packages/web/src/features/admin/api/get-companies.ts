import { api as paths, type TCompanyListQuery, zCompanyPage } from "@parley/contract";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

/** One page of customer companies, searched by name or email and sorted by any column. */
export async function getCompanies(query: TCompanyListQuery, signal?: AbortSignal) {
  return api.get(paths.admin.companies, zCompanyPage, {
    signal,
    query: {
      q: query.q || undefined,
      sort: query.sort,
      order: query.order,
      page: query.page,
      pageSize: query.pageSize,
    },
  });
}

export const companiesQueryOptions = (query: TCompanyListQuery) =>
  queryOptions({
    queryKey: adminKeys.companyList(query),
    queryFn: ({ signal }) => getCompanies(query, signal),
    // The table keeps the rows it shows while the next page or order loads, instead of collapsing to a skeleton.
    placeholderData: keepPreviousData,
  });

export function useCompanies(query: TCompanyListQuery) {
  return useQuery(companiesQueryOptions(query));
}
