import { api as paths, zEmailVerifiedResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { authKeys } from "./keys";

/** How often the "check your inbox" page asks whether the link was clicked. */
const POLL_MS = 5000;

export async function getEmailVerified(email: string, signal?: AbortSignal) {
  return api.get(paths.auth.emailVerified, zEmailVerifiedResponse, { query: { email }, signal });
}

export const emailVerifiedQueryOptions = (email: string) =>
  queryOptions({
    queryKey: authKeys.emailVerified(email),
    queryFn: ({ signal }) => getEmailVerified(email, signal),
    enabled: email.length > 0,
    // Stop polling once verified; keep polling through transient failures.
    refetchInterval: (query) => (query.state.data?.verified ? false : POLL_MS),
    retry: false,
  });

export function useEmailVerified(email: string) {
  return useQuery(emailVerifiedQueryOptions(email));
}
