import { api as paths, zAdminNoticesResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { adminKeys } from "./keys";

/** The notices administrators posted that are not withdrawn, newest first. */
export async function getAdminNotices(signal?: AbortSignal) {
  return (await api.get(paths.admin.notices, zAdminNoticesResponse, { signal })).notices;
}

export const adminNoticesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.notices(), queryFn: ({ signal }) => getAdminNotices(signal) });

export function useAdminNotices() {
  return useQuery(adminNoticesQueryOptions());
}
