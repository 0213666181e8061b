import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { type TCompanyDetail, zExtendTrialRequest } from "@parley/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useFormat } from "@/hooks/use-format";
import { useExtendTrial } from "../api/extend-trial";

type ExtendTrialForm = z.infer<typeof zExtendTrialRequest>;

const DEFAULT_DAYS = 14;
const MIN_DAYS = zExtendTrialRequest.shape.days.minValue ?? 1;
const MAX_DAYS = zExtendTrialRequest.shape.days.maxValue ?? 365;

/** Asks how many days to add to a company's free trial, within the contract's 1 to 365. */
export function ExtendTrialDialog({
  detail,
  open,
  onClose,
}: {
  detail: TCompanyDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const format = useFormat();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const extendTrial = useExtendTrial();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ExtendTrialForm>({
    resolver: zodResolver(zExtendTrialRequest),
    defaultValues: { days: DEFAULT_DAYS },
    mode: "onTouched",
  });
  const { trialLastDay } = detail.plan;

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ days }) => {
    try {
      const saved = await extendTrial.mutateAsync({ companyId: detail.company.id, days });
      const lastDay = saved.plan.trialLastDay;
      showSnackbar(
        lastDay ? t("admin.done.trialExtendedUntil", { date: format.day(lastDay) }) : t("admin.done.trialExtended"),
        { severity: "success" },
      );
      close();
    } catch (error) {
      showSnackbar(errorText(error), { severity: "error" });
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t("admin.extendTrial.title")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {trialLastDay
              ? t("admin.extendTrial.bodyWithEnd", { date: format.day(trialLastDay) })
              : t("admin.extendTrial.body")}
          </DialogContentText>
          <TextField
            label={t("admin.extendTrial.days")}
            type="number"
            required
            autoFocus
            slotProps={{ htmlInput: { min: MIN_DAYS, max: MAX_DAYS, step: 1, inputMode: "numeric" } }}
            {...muiRegister(register("days", { valueAsNumber: true }))}
            error={Boolean(errors.days)}
            helperText={t("admin.extendTrial.daysHint", { min: MIN_DAYS, max: MAX_DAYS })}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t("common.cancel")}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("admin.actions.extendTrial")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
