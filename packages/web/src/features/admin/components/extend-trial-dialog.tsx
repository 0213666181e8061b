import { type TCompanyDetail, zExtendTrialRequest } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { TextFieldDialog } from "@/components/text-field-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useFormat } from "@/hooks/use-format";
import { inlineErrors } from "@/lib/mutation-errors";
import { useExtendTrial } from "../api/extend-trial";

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
  const format = useFormat();
  const { showSnackbar } = useSnackbar();
  const extendTrial = useExtendTrial(inlineErrors);
  const { trialLastDay } = detail.plan;

  return (
    <TextFieldDialog
      open={open}
      title={t("admin.extendTrial.title")}
      description={
        trialLastDay
          ? t("admin.extendTrial.bodyWithEnd", { date: format.day(trialLastDay) })
          : t("admin.extendTrial.body")
      }
      label={t("admin.extendTrial.days")}
      hint={t("admin.extendTrial.daysHint", { min: MIN_DAYS, max: MAX_DAYS })}
      keepsHintOnError
      schema={zExtendTrialRequest.shape.days}
      defaultValue={DEFAULT_DAYS}
      validateOn="onTouched"
      isNumber
      fieldProps={{
        type: "number",
        slotProps: { htmlInput: { min: MIN_DAYS, max: MAX_DAYS, step: 1, inputMode: "numeric" } },
      }}
      submitLabel={t("admin.actions.extendTrial")}
      request={(days) => extendTrial.mutateAsync({ companyId: detail.company.id, days })}
      onSuccess={(saved) => {
        const lastDay = saved.plan.trialLastDay;
        showSnackbar(
          lastDay ? t("admin.done.trialExtendedUntil", { date: format.day(lastDay) }) : t("admin.done.trialExtended"),
          { severity: "success" },
        );
        onClose();
      }}
      onRefused="snackbar"
      onClose={onClose}
    />
  );
}
