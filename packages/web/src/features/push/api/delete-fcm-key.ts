import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

export async function deleteFcmKey({ appId }: { appId: string }) {
  await api.delete(fillPath(paths.apps.pushFcmKey, { id: appId }));
}

export const deleteFcmKeyMutationOptions = () => mutationOptions({ mutationFn: deleteFcmKey });

export function useDeleteFcmKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteFcmKeyMutationOptions(),
    onSuccess: () => queryClient.setQueryData(pushKeys.fcmKey(appId), null),
  });
}
