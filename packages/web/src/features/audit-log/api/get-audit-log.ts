import { auditApi, fillPath, type TAuditActorKind, zAuditPage } from "@parley/contract";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const AUDIT_PAGE_SIZE = 50;

/** One app's log, or the whole account's (its settings and every app). */
export type AuditScope = { kind: "app"; appId: string } | { kind: "account" };

export interface AuditFilters {
  q: string;
  actorKind: TAuditActorKind | "all";
}

export const auditKeys = {
  all: ["audit-log"] as const,
  list: (scope: AuditScope, filters: AuditFilters) => [...auditKeys.all, scope, filters] as const,
};

export const auditPath = (scope: AuditScope, exported = false) =>
  scope.kind === "app"
    ? fillPath(exported ? auditApi.appExport : auditApi.app, { id: scope.appId })
    : exported
      ? auditApi.accountExport
      : auditApi.account;

export const auditQueryOf = (filters: AuditFilters) => ({
  q: filters.q || undefined,
  actorKind: filters.actorKind === "all" ? undefined : filters.actorKind,
});

export async function getAuditLog(
  { scope, filters, cursor }: { scope: AuditScope; filters: AuditFilters; cursor?: string },
  signal?: AbortSignal,
) {
  return api.get(auditPath(scope), zAuditPage, {
    signal,
    query: { ...auditQueryOf(filters), cursor, limit: AUDIT_PAGE_SIZE },
  });
}

export const auditLogQueryOptions = (scope: AuditScope, filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(scope, filters),
    queryFn: ({ signal, pageParam }) => getAuditLog({ scope, filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });

export function useAuditLog(scope: AuditScope, filters: AuditFilters) {
  return useInfiniteQuery(auditLogQueryOptions(scope, filters));
}
