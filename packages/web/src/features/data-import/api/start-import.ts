import { dataImportApi, fillPath, zDataImportResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { importKeys } from "./keys";

/**
 * Starts writing an import whose dry run is ready: it is queued, then running. Refused with 3171 unless the import
 * is ready.
 */
export async function startImport({ appId, importId }: { appId: string; importId: string }) {
  const path = fillPath(dataImportApi.start, { id: appId, importId });
  const { import: changed } = await api.post(path, {}, zDataImportResponse);
  return changed;
}

export const startImportMutationOptions = () => mutationOptions({ mutationFn: startImport });

export function useStartImport(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...startImportMutationOptions(),
    // A refusal (3171) means the list is stale too: another tab or the job moved the import on.
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.app(appId) }),
  });
}
