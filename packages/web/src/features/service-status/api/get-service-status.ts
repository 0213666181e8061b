import { api as paths, zServiceStatus } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { serviceStatusKeys } from "./keys";

/** How often an open status page asks again: someone watching an outage sees it end without reloading. */
const STATUS_REFRESH_MS = 30_000;

export function getServiceStatus(signal?: AbortSignal) {
  return api.get(paths.status, zServiceStatus, { signal });
}

export const serviceStatusQueryOptions = () =>
  queryOptions({
    queryKey: serviceStatusKeys.all,
    queryFn: ({ signal }) => getServiceStatus(signal),
    staleTime: 0,
    refetchInterval: STATUS_REFRESH_MS,
    refetchOnWindowFocus: "always",
  });

export function useServiceStatus() {
  return useQuery(serviceStatusQueryOptions());
}
