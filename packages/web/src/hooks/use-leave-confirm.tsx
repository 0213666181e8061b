import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from "@mui/material";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";

/**
 * Asks before leaving a form with unsaved changes (spec section 5): in-app navigation shows a dialog, and a
 * reload or tab close gets the browser's own prompt. Render the returned element next to the form.
 */
export function useLeaveConfirm(isDirty: boolean): ReactNode {
  const { t } = useTranslation();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [isDirty]);

  const isOpen = blocker.state === "blocked";
  return (
    <Dialog open={isOpen} onClose={() => blocker.reset?.()} aria-labelledby="leave-confirm-title">
      <DialogTitle id="leave-confirm-title">{t("leaveConfirm.title")}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t("leaveConfirm.body")}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => blocker.reset?.()}>{t("leaveConfirm.stay")}</Button>
        <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
          {t("leaveConfirm.leave")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
