import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

/** Removes the sub-account with its sessions and links: it is signed out at once. */
export async function revokeSubAccount({ appId, subAccountId }: { appId: string; subAccountId: string }) {
  await api.delete(fillPath(paths.apps.subAccount, { id: appId, subAccountId }));
}

export const revokeSubAccountMutationOptions = () => mutationOptions({ mutationFn: revokeSubAccount });

export function useRevokeSubAccount(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...revokeSubAccountMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.subAccounts(appId) }),
  });
}
