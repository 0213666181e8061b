import { fillPath, api as paths, type TBrandRequest, zBrandResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { brandKeys } from "@/data/brands/keys";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

export async function createBrand({ appId, body }: { appId: string; body: TBrandRequest }) {
  const { brand } = await api.post(fillPath(paths.notice.brands, { id: appId }), body, zBrandResponse);
  return brand;
}

export const createBrandMutationOptions = () => mutationOptions({ mutationFn: createBrand });

export function useCreateBrand(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...createBrandMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.lists(appId) }),
  });
}
