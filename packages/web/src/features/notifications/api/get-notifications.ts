import type { TSessionState } from "@parley/contract";
import { api as paths, zNotificationsResponse } from "@parley/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { isRestrictedAccount } from "@/lib/session";
import { notificationKeys } from "./keys";

export async function getNotifications(signal?: AbortSignal) {
  const { notifications } = await api.get(paths.notifications.list, zNotificationsResponse, { signal });
  return notifications;
}

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: 60_000,
    retry: false,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}

/** The notices are about the owner's plan, card and password, whose pages sub and marketplace accounts lack. */
export function seesNotices(session: TSessionState | null): session is TSessionState {
  return session !== null && !isRestrictedAccount(session);
}
