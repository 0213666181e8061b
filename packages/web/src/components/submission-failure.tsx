import { Alert, type AlertColor, AlertTitle, Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { useErrorText } from "@/hooks/use-error-text";
import { useOnlineStatus } from "@/hooks/use-online-status";
import { type ApiError, networkFailureReason } from "@/lib/api-client";

/**
 * Why a write failed and a Retry for it, inside the dialog that sent it: offline, no answer (the request may or
 * may not have arrived, and the retry is safe either way), or a server fault. Follows the connection, so the text
 * says when it is back.
 */
export function SubmissionFailure({
  failure,
  isPending,
  onRetry,
}: {
  failure: ApiError | null;
  isPending: boolean;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isOnline = useOnlineStatus();
  if (!failure) return null;
  const reason = networkFailureReason(failure);
  const state: { severity: AlertColor; title: string; body: string } =
    reason === null
      ? { severity: "error", title: t("submission.failedTitle"), body: errorText(failure) }
      : !isOnline
        ? { severity: "warning", title: t("submission.offlineTitle"), body: t("submission.offline") }
        : reason === "offline"
          ? { severity: "info", title: t("submission.backOnlineTitle"), body: t("submission.backOnline") }
          : { severity: "error", title: t("submission.noAnswerTitle"), body: t("submission.noAnswer") };
  return (
    <Alert
      severity={state.severity}
      role="alert"
      sx={{ mt: 2 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry} disabled={isPending} sx={{ whiteSpace: "nowrap" }}>
          {t("common.retry")}
        </Button>
      }
    >
      <AlertTitle>{state.title}</AlertTitle>
      {state.body}
    </Alert>
  );
}
