import {
  api as paths,
  type zEmailVerificationConfirmRequest,
  zEmailVerificationConfirmResponse,
} from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { setSession } from "@/lib/session";
import { authKeys } from "./keys";

export type TEmailVerificationConfirmRequest = z.output<typeof zEmailVerificationConfirmRequest>;

/** Confirms the link's code; the answer carries a session when the server signed this browser in. */
export async function confirmEmailVerification(body: TEmailVerificationConfirmRequest) {
  return api.post(paths.auth.emailVerificationConfirm, body, zEmailVerificationConfirmResponse);
}

export const confirmEmailVerificationMutationOptions = () => mutationOptions({ mutationFn: confirmEmailVerification });

export function useConfirmEmailVerification(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...confirmEmailVerificationMutationOptions(),
    onSuccess: ({ session }) => {
      if (!session) return;
      // As after a login: nothing cached from before may show up for the account just signed in.
      queryClient.clear();
      setSession(session);
    },
    onSettled: (_data, _error, variables) =>
      queryClient.invalidateQueries({ queryKey: authKeys.emailVerified(variables.email) }),
  });
}
