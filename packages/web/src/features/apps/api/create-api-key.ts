import { fillPath, api as paths, type TCreateApiKeyRequest, zCreateApiKeyResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { appKeys } from "./keys";

/** The answer is the only time the secret exists outside the server; callers must not put it in the cache. */
export async function createApiKey({ appId, body }: { appId: string; body: TCreateApiKeyRequest }) {
  return api.post(fillPath(paths.apps.apiKeys, { id: appId }), body, zCreateApiKeyResponse);
}

export const createApiKeyMutationOptions = () => mutationOptions({ mutationFn: createApiKey });

export function useCreateApiKey(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...createApiKeyMutationOptions(),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: appKeys.apiKeys(appId) }),
        queryClient.invalidateQueries({ queryKey: appKeys.onboarding(appId) }),
      ]),
  });
}
