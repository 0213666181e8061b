import { api as paths, type TUpdateAccountRequest } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { accountKeys } from "./keys";

export async function updateAccount(body: TUpdateAccountRequest) {
  await api.put(paths.account.self, body);
}

export const updateAccountMutationOptions = () => mutationOptions({ mutationFn: updateAccount });

export function useUpdateAccount(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateAccountMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
