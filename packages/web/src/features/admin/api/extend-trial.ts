import { fillPath, api as paths, zCompanyDetail } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { storeCompany } from "./cache";

/** Moves the end of a company's free trial `days` later. */
export async function extendTrial({ companyId, days }: { companyId: string; days: number }) {
  return api.post(fillPath(paths.admin.extendTrial, { companyId }), { days }, zCompanyDetail);
}

export const extendTrialMutationOptions = () => mutationOptions({ mutationFn: extendTrial });

export function useExtendTrial(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...extendTrialMutationOptions(),
    onSuccess: (detail) => storeCompany(queryClient, detail),
  });
}
