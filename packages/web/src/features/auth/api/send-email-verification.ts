import { api as paths, type zEmailVerificationSendRequest } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";

export async function sendEmailVerification(body: z.output<typeof zEmailVerificationSendRequest>) {
  await api.post(paths.auth.emailVerificationSend, body);
}

export const sendEmailVerificationMutationOptions = () => mutationOptions({ mutationFn: sendEmailVerification });

export function useSendEmailVerification(settings?: MutationSettings) {
  return useMutation({ ...sendEmailVerificationMutationOptions(), ...settings });
}
