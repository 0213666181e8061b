import { fillPath, api as paths, zSubAccountResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

/** Mails a new sign-in link; the one sent before stops working. */
export async function resendSubAccountInvitation({ appId, subAccountId }: { appId: string; subAccountId: string }) {
  const { subAccount } = await api.post(
    fillPath(paths.apps.subAccountResend, { id: appId, subAccountId }),
    undefined,
    zSubAccountResponse,
  );
  return subAccount;
}

export const resendSubAccountInvitationMutationOptions = () =>
  mutationOptions({ mutationFn: resendSubAccountInvitation });

export function useResendSubAccountInvitation(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...resendSubAccountInvitationMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.subAccounts(appId) }),
  });
}
