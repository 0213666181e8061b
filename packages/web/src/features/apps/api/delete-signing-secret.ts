import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function deleteSigningSecret({ appId, secretId }: { appId: string; secretId: string }) {
  await api.delete(fillPath(paths.apps.loginSigningSecret, { id: appId, secretId }));
}

export const deleteSigningSecretMutationOptions = () => mutationOptions({ mutationFn: deleteSigningSecret });

export function useDeleteSigningSecret(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteSigningSecretMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appKeys.signingSecrets(appId) }),
  });
}
