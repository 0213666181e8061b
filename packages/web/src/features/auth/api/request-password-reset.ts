import { api as paths, type zPasswordResetRequest } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

export type TPasswordResetRequest = z.output<typeof zPasswordResetRequest>;

export async function requestPasswordReset(body: TPasswordResetRequest) {
  await api.post(paths.auth.passwordReset, body);
}

export const requestPasswordResetMutationOptions = () => mutationOptions({ mutationFn: requestPasswordReset });

export function useRequestPasswordReset(settings?: MutationSettings) {
  return useMutation({ ...requestPasswordResetMutationOptions(), ...settings });
}
