import { fillPath, api as paths, zCompanyDetail } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCompany } from "./cache";

/** Resumes the chat API of a company whose service was stopped. */
export async function restoreService({ companyId }: { companyId: string }) {
  return api.post(fillPath(paths.admin.restoreService, { companyId }), {}, zCompanyDetail);
}

export const restoreServiceMutationOptions = () => mutationOptions({ mutationFn: restoreService });

export function useRestoreService() {
  const queryClient = useQueryClient();
  return useMutation({
    ...restoreServiceMutationOptions(),
    onSuccess: (detail) => storeCompany(queryClient, detail),
  });
}
