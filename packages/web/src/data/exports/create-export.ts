import { dataExportApi, fillPath, type TCreateExportRequestInput, zDataExportResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { exportKeys } from "./keys";

/**
 * Starts an export of the app, or of one user's data; answered at once with the export queued. Refused with 3130
 * while an export of the same data is queued or running, and 3133 for anyone but the account that owns the app.
 */
export async function createExport({ appId, body }: { appId: string; body: TCreateExportRequestInput }) {
  const { export: created } = await api.post(fillPath(dataExportApi.exports, { id: appId }), body, zDataExportResponse);
  return created;
}

export const createExportMutationOptions = () => mutationOptions({ mutationFn: createExport });

export function useCreateExport(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...createExportMutationOptions(),
    // The list then holds a queued export, which makes it poll until the export ends.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.app(appId) }),
  });
}
