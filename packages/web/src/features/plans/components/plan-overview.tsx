import { Alert, Box, Button, LinearProgress, Skeleton, Stack, Typography } from "@mui/material";
import { type Currency, INVOICE_DAY_OF_MONTH, type TCurrentPlan } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { useCurrentPlan } from "../api/get-current-plan";
import { usePlanUsage } from "../api/get-plan-usage";
import { type BillingPeriod, currentBillingPeriod, estimateMonth, todayUtc } from "../lib/billing-period";
import { canApplyForPaidPlan, paymentDayAfter } from "../lib/plan-state";
import { ApplyPaidPlanButton } from "./apply-paid-plan-button";
import { PlanStateChip } from "./plan-state-chip";
import { ServiceStopAlert } from "./service-stop-alert";

/** Usage against what the plan includes; past 100 % the bar stays full and turns to the warning colour. */
function UsageBar({ label, used, included }: { label: string; used: number; included: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const percent = included > 0 ? (used / included) * 100 : 0;
  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "space-between", flexWrap: "wrap", columnGap: 2, mb: 0.5 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t("plans.overview.usedOfIncluded", { used: format.number(used), included: format.number(included) })}
        </Typography>
      </Box>
      <LinearProgress
        variant="determinate"
        value={Math.min(percent, 100)}
        color={percent > 100 ? "warning" : "primary"}
        aria-label={label}
        sx={{ height: 8, borderRadius: 4 }}
      />
    </Box>
  );
}

/** A money figure with its VAT-inclusive total underneath. */
function Figure({ label, fee, total, currency }: { label: string; fee: number; total: number; currency: Currency }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Box role="group" aria-label={label} sx={{ p: 2, border: 1, borderColor: "divider", borderRadius: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontSize: "1.5rem", fontWeight: 700 }}>{format.money(fee, currency)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t("plans.overview.withVat", { total: format.money(total, currency) })}
      </Typography>
    </Box>
  );
}

function TrialUsage({ current }: { current: TCurrentPlan }) {
  const { t } = useTranslation();
  const format = useFormat();
  const trial = current.trial;
  if (!trial) return null;
  return (
    <Stack spacing={2}>
      <UsageBar
        label={t("plans.overview.trialMessages")}
        used={trial.messagesThisMonth}
        included={trial.monthlyMessages}
      />
      <Typography variant="body2" color="text.secondary">
        {t("plans.overview.trialQuota", { quota: format.number(trial.monthlyMessages) })}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>
        {t("plans.overview.trialDaysLeft", { days: trial.daysLeft, date: format.day(trial.lastDay) })}
      </Typography>
    </Stack>
  );
}

function PaidUsage({ current, billing }: { current: TCurrentPlan; billing: BillingPeriod }) {
  const { t } = useTranslation();
  const format = useFormat();
  const usage = usePlanUsage(billing.elapsed);

  if (usage.isPending) return <Skeleton variant="rounded" height={160} aria-busy />;
  if (usage.isError) return <LoadError error={usage.error} onRetry={() => void usage.refetch()} />;

  const estimate = estimateMonth(current.currency, usage.data, billing);
  const included = estimate.forecast.included;
  return (
    <Stack spacing={2.5}>
      <Typography variant="body2" color="text.secondary">
        {t("plans.overview.period", {
          from: format.day(billing.period.from),
          to: format.day(billing.period.to),
          date: format.day(paymentDayAfter(billing.period.to, INVOICE_DAY_OF_MONTH)),
        })}
      </Typography>
      <UsageBar label={t("plans.overview.messages")} used={usage.data.messages} included={included.messages} />
      <UsageBar
        label={t("plans.overview.cumulativeDau")}
        used={usage.data.cumulativeDau}
        included={included.cumulativeDau}
      />
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
        <Figure
          label={t("plans.overview.feeSoFar")}
          fee={estimate.soFar.fee}
          total={estimate.soFar.total}
          currency={current.currency}
        />
        <Figure
          label={t("plans.overview.forecast")}
          fee={estimate.forecast.fee}
          total={estimate.forecast.total}
          currency={current.currency}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {t("plans.overview.forecastCaption", {
          elapsed: billing.elapsedDays,
          days: billing.periodDays,
          messages: format.number(estimate.forecastUsage.messages),
          dau: format.number(estimate.forecastUsage.cumulativeDau),
        })}
      </Typography>
      {estimate.forecast.capApplied && (
        <Typography variant="caption" color="text.secondary" component="p">
          {t("plans.overview.capApplied")}
        </Typography>
      )}
    </Stack>
  );
}

function PlanSummary({ current }: { current: TCurrentPlan }) {
  const { t } = useTranslation();
  const format = useFormat();
  const billing = current.paid ? currentBillingPeriod(current.paid, todayUtc()) : null;

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: "flex", alignItems: "center", flexWrap: "wrap", gap: 1.5 }}>
        <Typography variant="h6" component="p">
          {current.planType ? t(`plans.planType.${current.planType}`) : t("plans.card.noPlan")}
        </Typography>
        <PlanStateChip state={current.state} />
      </Box>
      <ServiceStopAlert current={current} />
      {current.state === "applicationComplete" && current.paid && (
        <Alert severity="info">
          {t("plans.card.applicationComplete", { date: format.day(current.paid.startDate) })}
        </Alert>
      )}
      {current.planType === "FreeTrial" && <TrialUsage current={current} />}
      {current.planType === "PlanC" && billing && <PaidUsage current={current} billing={billing} />}
      {canApplyForPaidPlan(current) && (
        <Box>
          <ApplyPaidPlanButton />
        </Box>
      )}
    </Stack>
  );
}

/**
 * The overview's plan section: the plan and its state; during the trial its monthly quota and days left; on the
 * paid plan this month's usage against what is included, the fee so far and the month's forecast.
 */
export function PlanOverview() {
  const { t } = useTranslation();
  const current = useCurrentPlan();
  return (
    <SettingsCard
      title={t("plans.overview.title")}
      action={
        <Button component={RouterLink} to={paths.bills.getHref()} size="small">
          {t("plans.overview.toBilling")}
        </Button>
      }
    >
      {current.isPending && <Skeleton variant="rounded" height={160} aria-busy />}
      {current.isError && <LoadError error={current.error} onRetry={() => void current.refetch()} />}
      {current.data && <PlanSummary current={current.data} />}
    </SettingsCard>
  );
}
