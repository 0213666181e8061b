import { api as paths, type TPasswordResetConfirmRequest } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

export async function confirmPasswordReset(body: TPasswordResetConfirmRequest) {
  await api.post(paths.auth.passwordResetConfirm, body);
}

export const confirmPasswordResetMutationOptions = () => mutationOptions({ mutationFn: confirmPasswordReset });

export function useConfirmPasswordReset(settings?: MutationSettings) {
  return useMutation({ ...confirmPasswordResetMutationOptions(), ...settings });
}
