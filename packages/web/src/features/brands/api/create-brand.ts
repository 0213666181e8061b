import { fillPath, api as paths, type TBrandRequest, zBrandResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { brandKeys } from "./keys";

export async function createBrand({ appId, body }: { appId: string; body: TBrandRequest }) {
  const { brand } = await api.post(fillPath(paths.notice.brands, { id: appId }), body, zBrandResponse);
  return brand;
}

export const createBrandMutationOptions = () => mutationOptions({ mutationFn: createBrand });

export function useCreateBrand(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...createBrandMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: brandKeys.lists(appId) }),
  });
}
