import { fillPath, api as paths } from "@parley/contract";
import { mutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { DayRange } from "../lib/range";

/**
 * Fetches the CSV with the session token (a plain link could not carry it) and hands it to the browser as a
 * download through a short-lived object URL.
 */
export async function exportAppMetrics({ appId, range }: { appId: string; range: DayRange }) {
  const { blob, fileName } = await api.download(fillPath(paths.metrics.export, { appId }), {
    query: { from: range.from, to: range.to },
  });
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName ?? `report-${range.from}-${range.to}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked on the next task: some browsers start the download only after the click handler returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export const exportAppMetricsMutationOptions = () => mutationOptions({ mutationFn: exportAppMetrics });

export function useExportAppMetrics() {
  return useMutation(exportAppMetricsMutationOptions());
}
