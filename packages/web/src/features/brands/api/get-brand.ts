import { fillPath, api as paths, zBrandResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { brandKeys } from "@/data/brands/keys";
import { api } from "@/lib/api-client";

export async function getBrand({ appId, brandId }: { appId: string; brandId: string }, signal?: AbortSignal) {
  const { brand } = await api.get(fillPath(paths.notice.brand, { id: appId, brandId }), zBrandResponse, { signal });
  return brand;
}

export const brandQueryOptions = (appId: string, brandId: string) =>
  queryOptions({
    queryKey: brandKeys.detail(appId, brandId),
    queryFn: ({ signal }) => getBrand({ appId, brandId }, signal),
  });

export function useBrand(appId: string, brandId: string) {
  return useQuery(brandQueryOptions(appId, brandId));
}
