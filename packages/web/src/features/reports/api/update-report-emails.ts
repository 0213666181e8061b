import { api as paths, type TReportEmailsInput, zReportEmailsResponse } from "@parley/contract";
import { mutationOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import type { MutationSettings } from "@/lib/mutation-errors";
import { reportKeys } from "./keys";

export async function updateReportEmails(body: TReportEmailsInput) {
  const { emails } = await api.put(paths.metrics.emails, body, zReportEmailsResponse);
  return emails;
}

export const updateReportEmailsMutationOptions = () => mutationOptions({ mutationFn: updateReportEmails });

export function useUpdateReportEmails(settings?: MutationSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    ...settings,
    ...updateReportEmailsMutationOptions(),
    onSuccess: (emails) => queryClient.setQueryData(reportKeys.emails(), emails),
  });
}
