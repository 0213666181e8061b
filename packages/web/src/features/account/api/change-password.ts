import { api as paths, type TChangePasswordRequest, zChangePasswordResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { updateSession } from "@/lib/session";
import { accountKeys } from "./keys";

export async function changePassword(body: TChangePasswordRequest) {
  return api.put(paths.account.password, body, zChangePasswordResponse);
}

export const changePasswordMutationOptions = () => mutationOptions({ mutationFn: changePassword });

export function useChangePassword(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...changePasswordMutationOptions(),
    onSuccess: ({ passwordChangedAt }) => {
      updateSession({ passwordChangedAt });
      // The password notice bar depends on the password age.
      return queryClient.invalidateQueries({ queryKey: accountKeys.all });
    },
  });
}
