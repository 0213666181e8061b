import { fillPath, api as paths, zProfanityEnabledResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { profanityKeys } from "./keys";

export async function updateProfanityEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(
    fillPath(paths.apps.profanityEnabled, { id: appId }),
    { enabled },
    zProfanityEnabledResponse,
  );
  return response.enabled;
}

export const updateProfanityEnabledMutationOptions = () => mutationOptions({ mutationFn: updateProfanityEnabled });

export function useUpdateProfanityEnabled(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateProfanityEnabledMutationOptions(),
    onSuccess: (enabled) => queryClient.setQueryData(profanityKeys.enabled(appId), enabled),
  });
}
