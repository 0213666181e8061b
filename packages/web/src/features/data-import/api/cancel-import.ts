import { dataImportApi, fillPath, zDataImportResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { importKeys } from "./keys";

/**
 * Cancels an unfinished import, even one still analyzing. What it wrote stays, and importing the same source again
 * completes it. Refused with 3171 once the import is finished.
 */
export async function cancelImport({ appId, importId }: { appId: string; importId: string }) {
  const path = fillPath(dataImportApi.cancel, { id: appId, importId });
  const { import: changed } = await api.post(path, {}, zDataImportResponse);
  return changed;
}

export const cancelImportMutationOptions = () => mutationOptions({ mutationFn: cancelImport });

export function useCancelImport(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...cancelImportMutationOptions(),
    // A refusal (3171) means the list is stale too: another tab or the job moved the import on.
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.app(appId) }),
  });
}
