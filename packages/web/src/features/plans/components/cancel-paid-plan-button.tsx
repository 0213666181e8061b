import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Typography,
} from "@mui/material";
import type { TPaidCancelInfo } from "@parley/contract";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { useCancelPaidPlan } from "../api/cancel-paid-plan";
import { useLoadPaidCancelInfo } from "../api/get-paid-cancel-info";

function Row({ label, children, isTotal = false }: { label: string; children: ReactNode; isTotal?: boolean }) {
  return (
    <Box
      sx={{
        display: "flex",
        justifyContent: "space-between",
        gap: 2,
        py: 0.75,
        borderTop: isTotal ? 1 : 0,
        borderColor: "divider",
      }}
    >
      <Typography variant="body2" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="dd"
        sx={{ m: 0, textAlign: "right", fontWeight: isTotal ? 700 : 500 }}
        data-testid={isTotal ? "cancel-total" : undefined}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The prorated final invoice, shown before the user confirms, so nobody cancels without knowing what follows. */
function CancelDialog({
  info,
  isWithdrawal,
  isPending,
  onConfirm,
  onClose,
}: {
  info: TPaidCancelInfo | null;
  isWithdrawal: boolean;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const money = (minor: number) => (info ? format.money(minor, info.currency) : "");

  return (
    <Dialog open={info !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t(isWithdrawal ? "plans.cancel.withdrawTitle" : "plans.cancel.title")}</DialogTitle>
      {info && isWithdrawal && (
        <DialogContent>
          <DialogContentText>{t("plans.cancel.withdrawBody")}</DialogContentText>
        </DialogContent>
      )}
      {info && !isWithdrawal && (
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t("plans.cancel.body", { date: format.day(info.paymentDate) })}
          </DialogContentText>
          <Box component="dl" sx={{ m: 0 }}>
            <Row label={t("plans.cancel.period")}>
              {t("plans.cancel.periodValue", {
                from: format.day(info.periodStart),
                to: format.day(info.periodEnd),
                days: info.usage.daysInService,
              })}
            </Row>
            <Row label={t("plans.cancel.messages")}>{format.number(info.usage.messages)}</Row>
            <Row label={t("plans.cancel.cumulativeDau")}>{format.number(info.usage.cumulativeDau)}</Row>
            <Row label={t("plans.cancel.fee")}>{money(info.fee)}</Row>
            <Row label={t("plans.cancel.vat")}>{money(info.vat)}</Row>
            <Row label={t("plans.cancel.total")} isTotal>
              {money(info.total)}
            </Row>
            <Row label={t("plans.cancel.paymentDate")}>{format.day(info.paymentDate)}</Row>
          </Box>
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t("plans.cancel.keep")}</Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={isPending || !info}>
          {t(isWithdrawal ? "plans.cancel.withdrawConfirm" : "plans.cancel.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Cancels the paid plan after showing what the final, prorated invoice will charge. A plan applied for during the
 * trial and not started yet (`isWithdrawal`) bills nothing: cancelling it withdraws the application.
 */
export function CancelPaidPlanButton({ isWithdrawal = false }: { isWithdrawal?: boolean }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const [info, setInfo] = useState<TPaidCancelInfo | null>(null);
  const loadCancelInfo = useLoadPaidCancelInfo();
  const cancel = useCancelPaidPlan();

  const open = () => loadCancelInfo.mutate(undefined, { onSuccess: setInfo });

  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        showSnackbar(t(isWithdrawal ? "plans.cancel.withdrawn" : "plans.cancel.cancelled"), { severity: "success" });
        // A cancellation changes the plan, the notices and the coming invoice together.
        void queryClient.invalidateQueries();
      },
      onSettled: () => setInfo(null),
    });

  return (
    <>
      <Button color="error" variant="outlined" disabled={loadCancelInfo.isPending} onClick={open}>
        {t(isWithdrawal ? "plans.cancel.withdrawButton" : "plans.cancel.button")}
      </Button>
      <CancelDialog
        info={info}
        isWithdrawal={isWithdrawal}
        isPending={cancel.isPending}
        onConfirm={confirm}
        onClose={() => setInfo(null)}
      />
    </>
  );
}
