import { MutationCache, type QueryClient } from "@tanstack/react-query";

/**
 * Who tells the user that a write failed. By default the app does: the localized `ERROR_{code}` appears in the
 * snackbar. A form that shows refusals itself (under a field, above a list, in its dialog with a Retry) says
 * "inline", and the snackbar keeps quiet so the user is not told twice.
 */
export type MutationErrorHandling = "snackbar" | "inline";

declare module "@tanstack/react-query" {
  interface Register {
    mutationMeta: { errorHandling?: MutationErrorHandling };
  }
}

/** What a mutation hook lets its caller choose; only the error handling so far. */
export interface MutationSettings {
  meta?: { errorHandling?: MutationErrorHandling };
}

/** The setting of a caller that shows the failures of its writes itself. */
export const inlineErrors = { meta: { errorHandling: "inline" } } satisfies MutationSettings;

type ErrorReporter = (error: unknown) => void;

/** Per client, because tests make one client each and only the mounted app has a snackbar to show in. */
const reporters = new WeakMap<QueryClient, ErrorReporter>();

/** The cache whose one `onError` is the default error path of every write. */
export function createMutationCache() {
  return new MutationCache({
    onError: (error, _variables, _onMutateResult, mutation, context) => {
      if (mutation.meta?.errorHandling === "inline") return;
      reporters.get(context.client)?.(error);
    },
  });
}

/** Sends the client's unhandled write failures to `report` until the returned cleanup runs. */
export function reportMutationErrors(client: QueryClient, report: ErrorReporter) {
  reporters.set(client, report);
  return () => {
    if (reporters.get(client) === report) reporters.delete(client);
  };
}
