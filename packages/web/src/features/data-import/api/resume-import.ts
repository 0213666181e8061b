import { dataImportApi, fillPath, zDataImportResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { importKeys } from "./keys";

/** Resumes a paused import where it stopped. Refused with 3171 unless the import is paused. */
export async function resumeImport({ appId, importId }: { appId: string; importId: string }) {
  const path = fillPath(dataImportApi.resume, { id: appId, importId });
  const { import: changed } = await api.post(path, {}, zDataImportResponse);
  return changed;
}

export const resumeImportMutationOptions = () => mutationOptions({ mutationFn: resumeImport });

export function useResumeImport(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...resumeImportMutationOptions(),
    // A refusal (3171) means the list is stale too: another tab or the job moved the import on.
    onSettled: () => queryClient.invalidateQueries({ queryKey: importKeys.app(appId) }),
  });
}
