import { fillPath, api as paths, zPushEnabled } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

export async function updatePushEnabled({ appId, enabled }: { appId: string; enabled: boolean }) {
  const response = await api.put(fillPath(paths.apps.pushEnabled, { id: appId }), { enabled }, zPushEnabled);
  return response.enabled;
}

export const updatePushEnabledMutationOptions = () => mutationOptions({ mutationFn: updatePushEnabled });

export function useUpdatePushEnabled(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updatePushEnabledMutationOptions(),
    onSuccess: (enabled) => queryClient.setQueryData(pushKeys.enabled(appId), enabled),
  });
}
