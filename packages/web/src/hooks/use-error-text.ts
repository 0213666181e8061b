import { MAX_FAILED_LOGINS } from "@parley/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { ApiError, errorKey } from "@/lib/api-client";

/** Localized text of any error: `ERROR_{code}` with the facts some codes carry, ERROR_001 when unknown. */
export function useErrorText() {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      const data = error instanceof ApiError ? error.data : undefined;
      return t(errorKey(error), {
        failed: data?.failedLoginCount ?? 0,
        max: data?.maxFailedLogins ?? MAX_FAILED_LOGINS,
        reason: data?.reason ?? "",
      });
    },
    [t],
  );
}

/**
 * Shows an error's localized text in the snackbar: the default path of failed writes, and the one a form takes for
 * the refusals it does not put on a field.
 */
export function useErrorSnackbar() {
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  return useCallback(
    (error: unknown) => showSnackbar(errorText(error), { severity: "error" }),
    [errorText, showSnackbar],
  );
}
