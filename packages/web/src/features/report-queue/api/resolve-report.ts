import { fillPath, reportQueueApi, type TResolveReportRequest, zResolveReportResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { reportKeys } from "./keys";

/** Resolves every open report of a target with one action; 3111 when someone resolved it first. */
export async function resolveReport({
  appId,
  targetId,
  body,
}: {
  appId: string;
  targetId: string;
  body: TResolveReportRequest;
}) {
  const { target } = await api.post(
    fillPath(reportQueueApi.resolve, { id: appId, targetId }),
    body,
    zResolveReportResponse,
  );
  return target;
}

export const resolveReportMutationOptions = () => mutationOptions({ mutationFn: resolveReport });

export function useResolveReport(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...resolveReportMutationOptions(),
    // The target leaves the open list and joins the resolved one; the action may also have changed members.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.app(appId) }),
  });
}
