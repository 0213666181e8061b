import { dataImportApi, fillPath, type TDataImport, zDataImportsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { importKeys } from "./keys";

/**
 * How often the list is read again while an import is being analyzed or written. A second keeps the progress bars
 * moving without a noticeable load: the list is at most 20 rows, and polling stops once nothing moves by itself
 * (a ready or paused import waits for a click, which refreshes the list anyway).
 */
export const IMPORT_POLL_MS = 1000;

/** Whether the server is working on the import now, so its next read may differ. */
export const isMoving = (dataImport: TDataImport) =>
  dataImport.status === "analyzing" || dataImport.status === "queued" || dataImport.status === "running";

/** Whether the import is not finished: an app has at most one, and it takes the page's upper half. */
export const isOpen = (dataImport: TDataImport) =>
  isMoving(dataImport) || dataImport.status === "ready" || dataImport.status === "paused";

/** The app's latest imports, newest first, each with its dry run and progress. */
export async function getImports({ appId }: { appId: string }, signal?: AbortSignal) {
  const { imports } = await api.get(fillPath(dataImportApi.imports, { id: appId }), zDataImportsResponse, { signal });
  return imports;
}

export const importsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: importKeys.list(appId),
    queryFn: ({ signal }) => getImports({ appId }, signal),
    refetchInterval: (query) => (query.state.data?.some(isMoving) ? IMPORT_POLL_MS : false),
  });

export function useImports(appId: string) {
  return useQuery(importsQueryOptions(appId));
}
