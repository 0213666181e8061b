import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { translationKeys } from "./keys";

export async function deleteTranslationKey({ appId }: { appId: string }) {
  await api.delete(fillPath(paths.apps.translationKey, { id: appId }));
}

export const deleteTranslationKeyMutationOptions = () => mutationOptions({ mutationFn: deleteTranslationKey });

export function useDeleteTranslationKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteTranslationKeyMutationOptions(),
    // The server turns translation off with the key, since it cannot work without one.
    onSuccess: () => {
      queryClient.setQueryData(translationKeys.key(appId), null);
      queryClient.setQueryData(translationKeys.enabled(appId), false);
    },
  });
}
