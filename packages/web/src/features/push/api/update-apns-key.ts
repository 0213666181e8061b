import { fillPath, api as paths, type TApnsKeyRequest, zApnsKeyResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { pushKeys } from "./keys";

/** Registers or replaces the app's APNs key; the answer describes it without the private key. */
export async function updateApnsKey({ appId, body }: { appId: string; body: TApnsKeyRequest }) {
  const { key } = await api.put(fillPath(paths.apps.pushApnsKey, { id: appId }), body, zApnsKeyResponse);
  return key;
}

export const updateApnsKeyMutationOptions = () => mutationOptions({ mutationFn: updateApnsKey });

export function useUpdateApnsKey(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateApnsKeyMutationOptions(),
    onSuccess: (key) => queryClient.setQueryData(pushKeys.apnsKey(appId), key),
  });
}
