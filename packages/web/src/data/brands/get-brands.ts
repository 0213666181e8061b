import { fillPath, api as paths, type TBrand, type TBrandPage, zBrandPage } from "@parley/contract";
import { type InfiniteData, infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import { BRAND_USAGE_FILTERS, type BrandUsageFilter, brandKeys } from "./keys";

export { BRAND_USAGE_FILTERS, type BrandUsageFilter };

export const BRANDS_PAGE_SIZE = 20;

const inUseParam = { all: undefined, inUse: "true", notInUse: "false" } as const;

export async function getBrands(
  { appId, search, usage, cursor }: { appId: string; search: string; usage: BrandUsageFilter; cursor?: string },
  signal?: AbortSignal,
) {
  return api.get(fillPath(paths.notice.brands, { id: appId }), zBrandPage, {
    signal,
    query: { cursor, limit: BRANDS_PAGE_SIZE, q: search || undefined, inUse: inUseParam[usage] },
  });
}

export const brandsQueryOptions = (appId: string, search: string, usage: BrandUsageFilter) =>
  infiniteQueryOptions({
    queryKey: brandKeys.list(appId, search, usage),
    queryFn: ({ signal, pageParam }) => getBrands({ appId, search, usage, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useBrands(appId: string, search: string, usage: BrandUsageFilter) {
  return useInfiniteQuery(brandsQueryOptions(appId, search, usage));
}

const allPages = (data: InfiniteData<TBrandPage>): TBrand[] => data.pages.flatMap((page) => page.brands);

/**
 * Every brand of the filter, for a select that must not miss one (the campaign wizard's sender). It is the
 * brands screen's unsearched list, same cache entry, with the remaining pages read as soon as one arrives.
 */
export function useAllBrands(appId: string, usage: BrandUsageFilter) {
  const brands = useInfiniteQuery({ ...brandsQueryOptions(appId, "", usage), select: allPages });
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage, data } = brands;
  // `data` is new with every page, so a page whose fetch began and ended between two renders still asks for the next.
  useEffect(() => {
    if (data && hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [data, hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  return brands;
}
