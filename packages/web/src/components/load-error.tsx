import { Alert, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useErrorText } from "@/hooks/use-error-text";

/** A section whose data did not load: the catalogue text and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      }
    >
      {errorText(error)}
    </Alert>
  );
}
