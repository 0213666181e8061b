import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  type DialogProps,
  DialogTitle,
} from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Submission } from "./form/use-submission";
import { SubmissionFailure } from "./submission-failure";

/**
 * A dialog that holds a form and sends it. While the request runs the submit button waits and Cancel stays
 * available: closing stops the wait, never the user. A failure worth retrying shows inside the dialog with a
 * Retry that sends the same request (and idempotency key) again, so the entries are kept and nothing is done twice.
 * With `isDirty`, Escape or a click outside asks before throwing away what was typed (spec section 5: leaving a
 * form with unsaved content asks first); Cancel is a deliberate choice and closes at once.
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
  isDirty = false,
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
  /** Whether the form holds entries not yet sent; Escape and a click outside then ask before closing. */
  isDirty?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const [isConfirmingDiscard, setIsConfirmingDiscard] = useState(false);
  const close = () => {
    setIsConfirmingDiscard(false);
    submission.stop();
    onClose();
  };
  // Escape and a click beside the dialog are easy to do by accident, so they ask first when something was typed.
  const dismiss = () => {
    if (isDirty) setIsConfirmingDiscard(true);
    else close();
  };
  return (
    <>
      <Dialog open={open} onClose={dismiss} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth>
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
            <SubmissionFailure
              failure={submission.failure}
              isPending={submission.isPending}
              onRetry={submission.retry}
            />
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
      <DiscardConfirmDialog
        open={open && isConfirmingDiscard}
        onStay={() => setIsConfirmingDiscard(false)}
        onDiscard={close}
      />
    </>
  );
}

/** Asks whether to close a dialog and lose what was typed in it. */
function DiscardConfirmDialog({
  open,
  onStay,
  onDiscard,
}: {
  open: boolean;
  onStay: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={titleId} maxWidth="xs">
      <DialogTitle id={titleId}>{t("leaveConfirm.discardTitle")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("leaveConfirm.discardBody")}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          {t("leaveConfirm.stay")}
        </Button>
        <Button color="error" variant="contained" onClick={onDiscard}>
          {t("leaveConfirm.discard")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
