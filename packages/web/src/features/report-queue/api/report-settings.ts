import { fillPath, reportQueueApi, type TReportSettings, zReportSettings } from "@parley/contract";
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { reportKeys } from "./keys";

export async function getReportSettings({ appId }: { appId: string }, signal?: AbortSignal) {
  return api.get(fillPath(reportQueueApi.settings, { id: appId }), zReportSettings, { signal });
}

export const reportSettingsQueryOptions = (appId: string) =>
  queryOptions({
    queryKey: reportKeys.settings(appId),
    queryFn: ({ signal }) => getReportSettings({ appId }, signal),
  });

export function useReportSettings(appId: string) {
  return useQuery(reportSettingsQueryOptions(appId));
}

export async function updateReportSettings({ appId, body }: { appId: string; body: TReportSettings }) {
  return api.put(fillPath(reportQueueApi.settings, { id: appId }), body, zReportSettings);
}

export const updateReportSettingsMutationOptions = () => mutationOptions({ mutationFn: updateReportSettings });

export function useUpdateReportSettings(appId: string, settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateReportSettingsMutationOptions(),
    onSuccess: (saved) => queryClient.setQueryData(reportKeys.settings(appId), saved),
  });
}
