import { dataImportApi, fillPath } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { saveFile } from "@/lib/save-file";

/** The import's whole report (every refusal and the channel map) as JSON, handed to the browser as a download. */
export async function downloadImportReport({ appId, importId }: { appId: string; importId: string }) {
  const { blob, fileName } = await api.download(fillPath(dataImportApi.report, { id: appId, importId }));
  saveFile(blob, fileName ?? `parley-import-${importId}.json`);
}

export const downloadImportReportMutationOptions = () => mutationOptions({ mutationFn: downloadImportReport });

export function useDownloadImportReport(settings?: MutationSettings) {
  return useMutation({ ...settings, ...downloadImportReportMutationOptions() });
}
