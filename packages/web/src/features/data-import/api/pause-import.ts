import { dataImportApi, fillPath, zDataImportResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { importKeys } from "./keys";

/** Pauses a queued or running import between two pages; what is written stays. Refused with 3171 otherwise. */
export async function pauseImport({ appId, importId }: { appId: string; importId: string }) {
  const path = fillPath(dataImportApi.pause, { id: appId, importId });
  const { import: changed } = await api.post(path, {}, zDataImportResponse);
  return changed;
}

export const pauseImportMutationOptions = () => mutationOptions({ mutationFn: pauseImport });

export function usePauseImport(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...pauseImportMutationOptions(),
    // A refusal (3171) means the list is stale too: another tab or the job moved the import on.
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.app(appId) }),
  });
}
