import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationKeys } from "./keys";

/** Closes an administrator's notice for this account: it does not come back. */
export async function dismissNotice(noticeId: string) {
  await api.post(fillPath(paths.notifications.dismiss, { noticeId }));
}

export const dismissNoticeMutationOptions = () => mutationOptions({ mutationFn: dismissNotice });

export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    ...dismissNoticeMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
