import { Alert } from "@mui/material";
import { PAYMENT_RETRY_DAYS, type TCurrentPlan } from "@parley/contract";
import { useTranslation } from "react-i18next";

/** Why the chat API answers 4000 for the account's apps; nothing while it serves them. */
export function ServiceStopAlert({ current }: { current: TCurrentPlan }) {
  const { t } = useTranslation();
  if (current.serviceActive) return null;
  const reason = current.stopReason;
  return (
    <Alert severity={reason === "cancelled" ? "info" : "error"}>
      {reason ? t(`plans.stopReason.${reason}`, { days: PAYMENT_RETRY_DAYS }) : t("plans.stopReason.unknown")}
    </Alert>
  );
}
