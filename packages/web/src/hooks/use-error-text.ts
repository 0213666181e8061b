import { MAX_FAILED_LOGINS } from "@parley/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
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
