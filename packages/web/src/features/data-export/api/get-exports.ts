import { dataExportApi, fillPath, type TDataExport, zDataExportsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { exportKeys } from "@/data/exports/keys";
import { api } from "@/lib/api-client";

/**
 * How often the list is read again while an export is queued or running. A second keeps the progress bar moving
 * without a noticeable load: the list is at most 20 rows, and polling stops once no export is under way.
 */
export const EXPORT_POLL_MS = 1000;

export const isUnderWay = (dataExport: TDataExport) =>
  dataExport.status === "queued" || dataExport.status === "running";

/** The app's latest exports, newest first, with each one's progress. */
export async function getExports({ appId }: { appId: string }, signal?: AbortSignal) {
  const { exports } = await api.get(fillPath(dataExportApi.exports, { id: appId }), zDataExportsResponse, { signal });
  return exports;
}

export const exportsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: exportKeys.list(appId),
    queryFn: ({ signal }) => getExports({ appId }, signal),
    refetchInterval: (query) => (query.state.data?.some(isUnderWay) ? EXPORT_POLL_MS : false),
  });

export function useExports(appId: string) {
  return useQuery(exportsQueryOptions(appId));
}
