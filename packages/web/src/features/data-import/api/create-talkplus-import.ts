import { dataImportApi, fillPath, type TCreateTalkPlusImportRequest, zDataImportResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { importKeys } from "./keys";

/**
 * Starts an import pulled from TalkPlus's REST API; answered at once with the import analyzing. Refused with 3173
 * when TalkPlus refuses the key or cannot be reached, 3174 while the app has an unfinished import, and 3176 for
 * anyone but the account that owns the app.
 */
export async function createTalkPlusImport({ appId, body }: { appId: string; body: TCreateTalkPlusImportRequest }) {
  const { import: created } = await api.post(fillPath(dataImportApi.imports, { id: appId }), body, zDataImportResponse);
  return created;
}

export const createTalkPlusImportMutationOptions = () => mutationOptions({ mutationFn: createTalkPlusImport });

export function useCreateTalkPlusImport(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...createTalkPlusImportMutationOptions(),
    // The list then holds an analyzing import, which makes it poll until the dry run is there.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.app(appId) }),
  });
}
