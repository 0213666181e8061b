import { fillPath, api as paths, type TCreateSubAccountRequest, zSubAccountResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { appKeys } from "./keys";

/** Creates the sub-account; the server mails it a sign-in link valid for SIGN_IN_LINK_TTL_HOURS. */
export async function inviteSubAccount({ appId, body }: { appId: string; body: TCreateSubAccountRequest }) {
  const { subAccount } = await api.post(fillPath(paths.apps.subAccounts, { id: appId }), body, zSubAccountResponse);
  return subAccount;
}

export const inviteSubAccountMutationOptions = () => mutationOptions({ mutationFn: inviteSubAccount });

export function useInviteSubAccount(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...inviteSubAccountMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.subAccounts(appId) }),
  });
}
