import { fillPath, reportQueueApi, zReportTargetDetail } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { reportKeys } from "./keys";

/** One reported message or user with every report of it and, for a message, the conversation around it. */
export async function getReportTarget({ appId, targetId }: { appId: string; targetId: string }, signal?: AbortSignal) {
  return api.get(fillPath(reportQueueApi.target, { id: appId, targetId }), zReportTargetDetail, { signal });
}

export const reportTargetQueryOptions = (appId: string, targetId: string) =>
  queryOptions({
    queryKey: reportKeys.target(appId, targetId),
    queryFn: ({ signal }) => getReportTarget({ appId, targetId }, signal),
  });

export function useReportTarget(appId: string, targetId: string | null) {
  return useQuery({ ...reportTargetQueryOptions(appId, targetId ?? ""), enabled: targetId !== null });
}
