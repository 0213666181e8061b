import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { I18nextProvider } from "react-i18next";
import { LoadingOverlayProvider } from "@/components/ui/loading-overlay";
import { SnackbarProvider } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { i18n } from "@/i18n";
import { ApiError } from "@/lib/api-client";
import { createMutationCache, reportMutationErrors } from "@/lib/mutation-errors";
import { theme } from "./theme";

/** A 4xx answer will not change on retry; a network hiccup or 5xx may. */
function shouldRetry(failureCount: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient() {
  return new QueryClient({
    mutationCache: createMutationCache(),
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      // A write is sent even when the browser says it is offline: paused, it would leave its dialog waiting with no
      // word, then go out by itself when the network returns, beside the retry the user made meanwhile. Sent, it
      // fails at once and the dialog offers a retry with the same idempotency key.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

/** The snackbar end of the default error path: a failed write that its caller does not show inline shows here. */
function MutationErrorSnackbar() {
  const client = useQueryClient();
  const showError = useErrorSnackbar();
  useEffect(() => reportMutationErrors(client, showError), [client, showError]);
  return null;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={client}>
          <SnackbarProvider>
            <MutationErrorSnackbar />
            <LoadingOverlayProvider>{children}</LoadingOverlayProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </I18nextProvider>
  );
}
