import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { pushKeys } from "./keys";

export async function deleteApnsKey({ appId }: { appId: string }) {
  await api.delete(fillPath(paths.apps.pushApnsKey, { id: appId }));
}

export const deleteApnsKeyMutationOptions = () => mutationOptions({ mutationFn: deleteApnsKey });

export function useDeleteApnsKey(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteApnsKeyMutationOptions(),
    onSuccess: () => queryClient.setQueryData(pushKeys.apnsKey(appId), null),
  });
}
