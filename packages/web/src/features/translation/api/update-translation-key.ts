import { fillPath, api as paths, type TTranslationKeyRequest, zTranslationKeyResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { translationKeys } from "./keys";

/** Saves the key; the server tries it first and refuses one the service does not accept (code 3036). */
export async function updateTranslationKey({ appId, body }: { appId: string; body: TTranslationKeyRequest }) {
  const { key } = await api.put(fillPath(paths.apps.translationKey, { id: appId }), body, zTranslationKeyResponse);
  return key;
}

export const updateTranslationKeyMutationOptions = () => mutationOptions({ mutationFn: updateTranslationKey });

export function useUpdateTranslationKey(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateTranslationKeyMutationOptions(),
    onSuccess: (key) => queryClient.setQueryData(translationKeys.key(appId), key),
  });
}
