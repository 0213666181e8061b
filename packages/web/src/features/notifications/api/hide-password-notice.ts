import { api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./keys";

export async function hidePasswordNotice() {
  await api.post(paths.notifications.hidePasswordNotice);
}

export const hidePasswordNoticeMutationOptions = () => mutationOptions({ mutationFn: hidePasswordNotice });

export function useHidePasswordNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    ...hidePasswordNoticeMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
