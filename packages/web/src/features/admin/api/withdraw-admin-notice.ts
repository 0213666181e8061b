import { fillPath, api as paths, zOk } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

/** Takes a notice down for every reader. */
export async function withdrawAdminNotice(noticeId: string) {
  await api.delete(fillPath(paths.admin.notice, { noticeId }), zOk);
}

export const withdrawAdminNoticeMutationOptions = () => mutationOptions({ mutationFn: withdrawAdminNotice });

export function useWithdrawAdminNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    ...withdrawAdminNoticeMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
