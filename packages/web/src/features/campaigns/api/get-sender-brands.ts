import { fillPath, api as paths, type TBrand, zBrandPage } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { campaignKeys } from "./keys";

/** The largest page the brand list serves; an app has few brands, so one page is the usual answer. */
const PAGE_SIZE = 100;

/** Every brand in use, the ones a campaign may be sent as, read page by page so the select never misses one. */
export async function getSenderBrands(appId: string, signal?: AbortSignal): Promise<TBrand[]> {
  const brands: TBrand[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.get(fillPath(paths.notice.brands, { id: appId }), zBrandPage, {
      signal,
      query: { inUse: "true", limit: PAGE_SIZE, cursor },
    });
    brands.push(...page.brands);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return brands;
}

export const senderBrandsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: campaignKeys.senderBrands(appId),
    queryFn: ({ signal }) => getSenderBrands(appId, signal),
  });

export function useSenderBrands(appId: string) {
  return useQuery(senderBrandsQueryOptions(appId));
}
