import { fillPath, api as paths, type TFcmKeyRequest, zFcmKeyResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { pushKeys } from "./keys";

/** Registers or replaces the app's FCM credential; the answer describes it without the secret. */
export async function updateFcmKey({ appId, body }: { appId: string; body: TFcmKeyRequest }) {
  const { key } = await api.put(fillPath(paths.apps.pushFcmKey, { id: appId }), body, zFcmKeyResponse);
  return key;
}

export const updateFcmKeyMutationOptions = () => mutationOptions({ mutationFn: updateFcmKey });

export function useUpdateFcmKey(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateFcmKeyMutationOptions(),
    onSuccess: (key) => queryClient.setQueryData(pushKeys.fcmKey(appId), key),
  });
}
