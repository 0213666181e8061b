import { api as paths, zReportEmailsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { reportKeys } from "./keys";

export async function getReportEmails(signal?: AbortSignal) {
  const { emails } = await api.get(paths.metrics.emails, zReportEmailsResponse, { signal });
  return emails;
}

export const reportEmailsQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.emails(), queryFn: ({ signal }) => getReportEmails(signal) });

export function useReportEmails() {
  return useQuery(reportEmailsQueryOptions());
}
