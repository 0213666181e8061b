import { fillPath, api as paths, zCompanyDetail } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { storeCompany } from "./cache";

/** Lifts the lock that five failed logins put on an account, without a password reset. */
export async function unlockAccount({ companyId }: { companyId: string }) {
  return api.post(fillPath(paths.admin.unlock, { companyId }), {}, zCompanyDetail);
}

export const unlockAccountMutationOptions = () => mutationOptions({ mutationFn: unlockAccount });

export function useUnlockAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    ...unlockAccountMutationOptions(),
    onSuccess: (detail) => storeCompany(queryClient, detail),
  });
}
