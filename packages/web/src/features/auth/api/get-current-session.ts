import { api as paths, type TSessionState, zSessionState } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";
import { getSession, updateSession } from "@/lib/session";
import { authKeys } from "./keys";

/**
 * How often an open dashboard re-reads its session state, besides whenever its window regains focus: the longest a
 * role or notice feature switched by an admin (or the CLI) waits before this tab shows it.
 */
export const SESSION_REFRESH_MS = 60_000;

export function getCurrentSession(signal?: AbortSignal): Promise<TSessionState> {
  return api.get(paths.auth.currentSession, zSessionState, { signal });
}

export const currentSessionQueryOptions = (sessionToken: string) =>
  queryOptions({
    queryKey: authKeys.currentSession(sessionToken),
    queryFn: ({ signal }) => getCurrentSession(signal),
    staleTime: 0,
    refetchOnWindowFocus: "always",
    refetchInterval: SESSION_REFRESH_MS,
  });

/**
 * Keeps the stored session as the account is now (admin role, notice feature, currency, …), so a change an admin
 * makes reaches an open dashboard without a new login. Writes only when something changed, since every change
 * re-renders whatever reads the session.
 */
export function useSessionRefresh(sessionToken: string | undefined) {
  const { data } = useQuery({ ...currentSessionQueryOptions(sessionToken ?? ""), enabled: sessionToken !== undefined });
  useEffect(() => {
    const stored = getSession();
    if (!data || !stored || data.sessionToken !== stored.sessionToken) return;
    const changed = (Object.keys(data) as (keyof TSessionState)[]).some((key) => data[key] !== stored[key]);
    if (changed) updateSession(data);
  }, [data]);
}
