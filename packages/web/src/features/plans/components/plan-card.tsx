import { Alert, Box, Skeleton, Stack, Typography } from "@mui/material";
import type { TCurrentPlan } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { FactRow } from "@/components/fact-row";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useFormat } from "@/hooks/use-format";
import { useCurrentPlan } from "../api/get-current-plan";
import { canApplyForPaidPlan, canCancelPaidPlan } from "../lib/plan-state";
import { ApplyPaidPlanButton } from "./apply-paid-plan-button";
import { CancelPaidPlanButton } from "./cancel-paid-plan-button";
import { PlanStateChip } from "./plan-state-chip";
import { ServiceStopAlert } from "./service-stop-alert";

function PlanDetails({ current }: { current: TCurrentPlan }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { trial, paid } = current;
  const isApplicable = canApplyForPaidPlan(current);
  const isCancellable = canCancelPaidPlan(current);

  return (
    <Stack spacing={2.5}>
      <Stack component="dl" spacing={1.25} sx={{ m: 0 }}>
        <FactRow label={t("plans.card.state")}>
          <PlanStateChip state={current.state} />
        </FactRow>
        <FactRow label={t("plans.card.planType")}>
          {current.planType ? t(`plans.planType.${current.planType}`) : t("plans.card.noPlan")}
        </FactRow>
        {trial && (
          <FactRow label={t("plans.card.trialPeriod")}>
            {t("plans.card.range", { from: format.day(trial.firstDay), to: format.day(trial.lastDay) })}
            {current.planType === "FreeTrial" && ` · ${t("plans.card.daysLeft", { days: trial.daysLeft })}`}
          </FactRow>
        )}
        {paid && <FactRow label={t("plans.card.paidStart")}>{format.day(paid.startDate)}</FactRow>}
        {paid?.cancelledAt && <FactRow label={t("plans.card.cancelledAt")}>{format.date(paid.cancelledAt)}</FactRow>}
        {paid?.endDate && <FactRow label={t("plans.card.paidEnd")}>{format.day(paid.endDate)}</FactRow>}
      </Stack>

      <ServiceStopAlert current={current} />
      {current.state === "applicationComplete" && paid && (
        <Alert severity="info">{t("plans.card.applicationComplete", { date: format.day(paid.startDate) })}</Alert>
      )}
      {current.state === "cancellationApplied" && <Alert severity="info">{t("plans.card.reapplyAfterPayment")}</Alert>}

      {(isApplicable || isCancellable) && (
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2 }}>
          {isApplicable && <ApplyPaidPlanButton />}
          {isApplicable && !current.cardRegistered && (
            <Typography variant="body2" color="text.secondary">
              {t("plans.card.noCardHint")}
            </Typography>
          )}
          {isCancellable && <CancelPaidPlanButton isWithdrawal={current.state === "applicationComplete"} />}
        </Box>
      )}
    </Stack>
  );
}

/** `/bills`: the plan, its billing label, its dates, why the service is stopped, and apply or cancel. */
export function PlanCard() {
  const { t } = useTranslation();
  const current = useCurrentPlan();
  return (
    <SettingsCard title={t("plans.card.title")}>
      {current.isPending && <Skeleton variant="rounded" height={140} aria-busy />}
      {current.isError && <LoadError error={current.error} onRetry={() => void current.refetch()} />}
      {current.data && <PlanDetails current={current.data} />}
    </SettingsCard>
  );
}
