import { api as paths, type zEmailVerificationConfirmRequest } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { authKeys } from "./keys";

export type TEmailVerificationConfirmRequest = z.output<typeof zEmailVerificationConfirmRequest>;

export async function confirmEmailVerification(body: TEmailVerificationConfirmRequest) {
  await api.post(paths.auth.emailVerificationConfirm, body);
}

export const confirmEmailVerificationMutationOptions = () => mutationOptions({ mutationFn: confirmEmailVerification });

export function useConfirmEmailVerification(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...confirmEmailVerificationMutationOptions(),
    onSettled: (_data, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: authKeys.emailVerified(variables.email) }),
  });
}
