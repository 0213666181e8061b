import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/save-file";
import type { DayRange } from "../lib/range";

/** Fetches the CSV with the session token and hands it to the browser as a download. */
export async function exportAppMetrics({ appId, range }: { appId: string; range: DayRange }) {
  const { blob, fileName } = await api.download(fillPath(paths.metrics.export, { appId }), {
    query: { from: range.from, to: range.to },
  });
  saveFile(blob, fileName ?? `report-${range.from}-${range.to}.csv`);
}

export const exportAppMetricsMutationOptions = () => mutationOptions({ mutationFn: exportAppMetrics });

export function useExportAppMetrics() {
  return useMutation(exportAppMetricsMutationOptions());
}
