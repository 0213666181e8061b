import { fillPath, api as paths, type TBrandRequest, zBrandResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { brandKeys } from "@/data/brands/keys";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

/** Sends the whole form: a field left out would take its default (no cover, in use), not keep its value. */
export async function updateBrand({ appId, brandId, body }: { appId: string; brandId: string; body: TBrandRequest }) {
  const { brand } = await api.put(fillPath(paths.notice.brand, { id: appId, brandId }), body, zBrandResponse);
  return brand;
}

export const updateBrandMutationOptions = () => mutationOptions({ mutationFn: updateBrand });

export function useUpdateBrand(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateBrandMutationOptions(),
    onSuccess: (brand) => {
      queryClient.setQueryData(brandKeys.detail(appId, brand.id), brand);
      return queryClient.invalidateQueries({ queryKey: brandKeys.lists(appId) });
    },
  });
}
