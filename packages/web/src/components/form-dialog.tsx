import { Box, Button, Dialog, DialogActions, DialogContent, type DialogProps, DialogTitle } from "@mui/material";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import type { Submission } from "./form/use-submission";
import { SubmissionFailure } from "./submission-failure";

/**
 * A dialog that holds a form and sends it. While the request runs the submit button waits and Cancel stays
 * available: closing stops the wait, never the user. A failure worth retrying shows inside the dialog with a
 * Retry that sends the same request (and idempotency key) again, so the entries are kept and nothing is done twice.
 */
export function FormDialog({
  open,
  title,
  submission,
  onClose,
  onSubmit,
  canSubmit = true,
  submitLabel,
  submitColor = "primary",
  maxWidth = "sm",
  secondaryAction,
  children,
}: {
  open: boolean;
  title: string;
  submission: Submission;
  /** Called after the wait is stopped; reset the form here. */
  onClose: () => void;
  onSubmit: () => void;
  canSubmit?: boolean;
  submitLabel: string;
  submitColor?: "primary" | "error";
  maxWidth?: DialogProps["maxWidth"];
  /** A further button at the start of the actions, such as "Verify". */
  secondaryAction?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const close = () => {
    submission.stop();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!submission.isPending) onSubmit();
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Box sx={{ pt: 1 }}>{children}</Box>
          <SubmissionFailure failure={submission.failure} isPending={submission.isPending} onRetry={submission.retry} />
        </DialogContent>
        <DialogActions sx={secondaryAction ? { flexWrap: "wrap", gap: 1 } : undefined}>
          {secondaryAction && <Box sx={{ mr: "auto" }}>{secondaryAction}</Box>}
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            disabled={!canSubmit}
            loading={submission.isPending}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
