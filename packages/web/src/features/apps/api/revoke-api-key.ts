import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { appKeys } from "./keys";

export async function revokeApiKey({ appId, keyId }: { appId: string; keyId: string }) {
  await api.delete(fillPath(paths.apps.apiKey, { id: appId, keyId }));
}

export const revokeApiKeyMutationOptions = () => mutationOptions({ mutationFn: revokeApiKey });

export function useRevokeApiKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...revokeApiKeyMutationOptions(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appKeys.apiKeys(appId) }),
        queryClient.invalidateQueries({ queryKey: appKeys.onboarding(appId) }),
      ]),
  });
}
