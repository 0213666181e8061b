import {
  fillPath,
  api as paths,
  type TCreateSigningSecretRequest,
  zCreateSigningSecretResponse,
} from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { appKeys } from "./keys";

/** Creates the first secret or rotates; the answer is the only time the secret exists outside the server. */
export async function createSigningSecret({ appId, body }: { appId: string; body: TCreateSigningSecretRequest }) {
  return api.post(fillPath(paths.apps.loginSigningSecrets, { id: appId }), body, zCreateSigningSecretResponse);
}

export const createSigningSecretMutationOptions = () => mutationOptions({ mutationFn: createSigningSecret });

export function useCreateSigningSecret(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...createSigningSecretMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.signingSecrets(appId) }),
  });
}
