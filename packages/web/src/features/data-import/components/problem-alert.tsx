import { Alert, Box } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useErrorText } from "@/hooks/use-error-text";
import { ApiError } from "@/lib/api-client";

/**
 * A refusal in the catalogue's words, with what the server found when it says (a file's "not UTF-8 text", the
 * source's own refusal): the catalogue text says what to do, the detail says where to look.
 */
export function ProblemAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const reason = error instanceof ApiError && typeof error.data?.reason === "string" ? error.data.reason : "";
  return (
    <Alert severity="error">
      {errorText(error)}
      {reason && (
        <Box component="span" sx={{ display: "block", mt: 0.5, overflowWrap: "anywhere" }}>
          {t("dataImport.detail", { detail: reason })}
        </Box>
      )}
    </Alert>
  );
}
