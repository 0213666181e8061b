import { dataExportApi, fillPath, zEraseUserResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { userKeys } from "./keys";

/**
 * Erases a user for a data-subject deletion: the user and what hangs on them go, the messages they sent stay
 * without a sender, the files they sent are removed. Answers how many messages and files it touched.
 */
export async function eraseUser({ appId, userId }: { appId: string; userId: string }) {
  return api.post(fillPath(dataExportApi.eraseUser, { id: appId, userId }), {}, zEraseUserResponse);
}

export const eraseUserMutationOptions = () => mutationOptions({ mutationFn: eraseUser });

export function useEraseUser(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...eraseUserMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.app(appId) }),
  });
}
