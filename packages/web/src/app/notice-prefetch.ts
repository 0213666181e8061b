import type { QueryClient } from "@tanstack/react-query";
import { getSession } from "@/lib/session";

/**
 * The longest the shell waits for the notices. They come from a quick read; should it be slow, the dashboard shows
 * without them rather than staying on the boot screen for the request's whole timeout.
 */
export const NOTICE_WAIT_MS = 1000;

let prefetched: Promise<unknown> = Promise.resolve();

/**
 * Asks for the notices of a signed-in owner. The notice bars sit above the dashboard's toolbar: the shell route
 * waits for this (`noticesPrefetched`) so they are there when the shell first shows instead of pushing it down when
 * they arrive. The query's module brings the validation library with it, so it is imported here, once the first
 * frame is up, rather than by the start-up code.
 */
export function prefetchNotices(queryClient: QueryClient): void {
  if (!getSession()) return;
  prefetched = import("@/features/notifications/api/get-notifications").then(
    ({ notificationsQueryOptions, seesNotices }) =>
      seesNotices(getSession()) ? queryClient.prefetchQuery(notificationsQueryOptions()) : undefined,
  );
}

/**
 * Settles when the prefetch started by `prefetchNotices` has an answer or an error, or after NOTICE_WAIT_MS; at once
 * when none was started.
 */
export function noticesPrefetched(): Promise<unknown> {
  return Promise.race([prefetched, new Promise((resolve) => setTimeout(resolve, NOTICE_WAIT_MS))]);
}
