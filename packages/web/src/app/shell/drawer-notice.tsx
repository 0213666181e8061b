import { Alert, AlertTitle, Box, Button } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DRAWER_NOTICE_STORAGE_KEY } from "@/lib/storage-keys";

/**
 * What the drawer's notice is about. Confirming stores this id, so the notice stays dismissed across reloads and
 * logins in this browser, while a notice about something else (a new id) is shown again.
 */
export const DRAWER_NOTICE_ID = "calls";

function isDismissed(): boolean {
  try {
    return window.localStorage.getItem(DRAWER_NOTICE_STORAGE_KEY) === DRAWER_NOTICE_ID;
  } catch {
    return false;
  }
}

function storeDismissal() {
  try {
    window.localStorage.setItem(DRAWER_NOTICE_STORAGE_KEY, DRAWER_NOTICE_ID);
  } catch (error) {
    console.warn("Could not store the dismissed drawer notice", error);
  }
}

/** The drawer's "not ready yet" alert (spec section 2), naming the part of the product that is not ready. */
export function DrawerNotice() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(() => !isDismissed());
  if (!isOpen) return null;

  const confirm = () => {
    storeDismissal();
    setIsOpen(false);
  };

  // The button goes under the text, not beside it: the drawer is narrow, and the text needs its whole width.
  return (
    <Alert severity="info" variant="outlined" sx={{ "& .MuiAlert-message": { width: "100%" } }}>
      <AlertTitle>{t("nav.notice.title")}</AlertTitle>
      {t(`nav.notice.${DRAWER_NOTICE_ID}`)}
      <Box sx={{ display: "flex", justifyContent: "flex-end", mt: 1 }}>
        <Button color="inherit" size="small" onClick={confirm}>
          {t("common.confirm")}
        </Button>
      </Box>
    </Alert>
  );
}
