import { dataImportApi, fillPath, type TImportFileSource, zDataImportResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { importKeys } from "./keys";

/**
 * The wait for an upload's answer: the usual two minutes plus the time the file takes at 2 Mbit/s, so a slow link
 * can send the largest file (about half an hour) while a connection that died still fails in the end.
 */
const uploadTimeoutMs = (bytes: number) => 120_000 + Math.ceil(bytes / 250_000) * 1000;

/**
 * Uploads a Stream, Sendbird or Parley export file as a new import, answered with the import analyzing; with
 * `copyFiles`, the files its messages reference are copied into Parley as it is written. Refused with
 * 3172 for a file the server cannot read, 3174 while the app has an unfinished import, 3176 for anyone but the owner.
 */
export async function uploadImportFile({
  appId,
  source,
  copyFiles,
  file,
}: {
  appId: string;
  source: TImportFileSource;
  copyFiles: boolean;
  file: File;
}) {
  const form = new FormData();
  // The server reads the parts in order and must know the source and whether files are copied before the file
  // streams in.
  form.append("source", source);
  form.append("copyFiles", copyFiles ? "true" : "false");
  form.append("file", file);
  const { import: created } = await api.upload(
    fillPath(dataImportApi.upload, { id: appId }),
    form,
    zDataImportResponse,
    {
      timeoutMs: uploadTimeoutMs(file.size),
    },
  );
  return created;
}

export const uploadImportFileMutationOptions = () => mutationOptions({ mutationFn: uploadImportFile });

export function useUploadImportFile(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...uploadImportFileMutationOptions(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.app(appId) }),
  });
}
