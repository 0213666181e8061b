import { Alert, AlertTitle } from "@mui/material";
import type { TApp } from "@parley/contract";
import { useTranslation } from "react-i18next";

/**
 * Why an app's pages are refused: an administrator deactivated it (3001) or every app of its account (3002). Said
 * once, above where the pages would be, rather than as an error on every request they make.
 */
export function AppDeactivated({ reason }: { reason: NonNullable<TApp["deactivated"]> }) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>{t(`apps.deactivated.${reason}.title`)}</AlertTitle>
      {t(`apps.deactivated.${reason}.body`)}
    </Alert>
  );
}
