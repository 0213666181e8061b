import { fillPath, api as paths, zTranslationEnabled } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { translationKeys } from "./keys";

export async function updateTranslationEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(
    fillPath(paths.apps.translationEnabled, { id: appId }),
    { enabled },
    zTranslationEnabled,
  );
  return response.enabled;
}

export const updateTranslationEnabledMutationOptions = () => mutationOptions({ mutationFn: updateTranslationEnabled });

export function useUpdateTranslationEnabled(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateTranslationEnabledMutationOptions(),
    onSuccess: (enabled) => queryClient.setQueryData(translationKeys.enabled(appId), enabled),
  });
}
