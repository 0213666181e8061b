import { api as paths, zActiveSessionsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountKeys } from "./keys";

/** The account's active sessions, most recently used first; the one this browser uses says `current`. */
export async function getSessions(signal?: AbortSignal) {
  const { sessions } = await api.get(paths.auth.sessions, zActiveSessionsResponse, { signal });
  return sessions;
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.sessions(), queryFn: ({ signal }) => getSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
