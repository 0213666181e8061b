import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Submission } from "./form/use-submission";
import { SubmissionFailure } from "./submission-failure";

/**
 * Asks before an action that cannot be undone. The confirm button waits while the action runs; Cancel never does,
 * as a request can hang on a lost network. With a `submission`, a failure worth retrying (offline, no answer, a
 * server fault) shows in the dialog with a Retry that sends the same request again, and closing stops the wait.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  isPending = false,
  isDestructive = true,
  submission,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  isPending?: boolean;
  isDestructive?: boolean;
  submission?: Submission;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const isWaiting = submission?.isPending ?? isPending;
  const close = () => {
    submission?.stop();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: "anywhere" }}>{body}</DialogContentText>
        {submission && (
          <SubmissionFailure failure={submission.failure} isPending={submission.isPending} onRetry={submission.retry} />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t("common.cancel")}</Button>
        <Button variant="contained" color={isDestructive ? "error" : "primary"} onClick={onConfirm} loading={isWaiting}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
