import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Stack,
  Typography,
} from "@mui/material";
import {
  BASE_FEE,
  type Currency,
  DAU_CAP_PRICE,
  DAU_OVERAGE_PRICE,
  INCLUDED_CUMULATIVE_DAU,
  INCLUDED_MESSAGES,
  INVOICE_DAY_OF_MONTH,
  MESSAGE_TIERS,
  PAID_PLAN_TYPE,
  type TPaidStartInfo,
  VAT_PERCENT,
} from "@parley/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { FactRow } from "@/components/fact-row";
import { paths } from "@/config/paths";
import { useFormat } from "@/hooks/use-format";
import { formatUnitPrice } from "@/lib/money";
import { paymentDayAfter } from "../lib/plan-state";

/**
 * The paid-plan application dialog of spec section 2: what the plan costs in the account's currency, what it
 * includes, when it starts and when it is first charged. Apply sends the dates shown, so the plan the server
 * records is the one the user read.
 */
export function PaidPlanDialog({
  info,
  hasCard,
  currency,
  isPending,
  onApply,
  onClose,
}: {
  info: TPaidStartInfo | null;
  /** False shows why Apply cannot work yet and where to register a card; null when not known. */
  hasCard: boolean | null;
  currency: Currency;
  isPending: boolean;
  onApply: (info: TPaidStartInfo) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const unit = (price: number) => formatUnitPrice(price, currency, i18n.language);
  const firstTier = MESSAGE_TIERS[0];

  return (
    <Dialog open={info !== null} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t("plans.apply.title")}</DialogTitle>
      {info && (
        <DialogContent>
          <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
            <FactRow label={t("plans.apply.plan")}>{t(`plans.planType.${PAID_PLAN_TYPE}`)}</FactRow>
            <FactRow label={t("plans.apply.price")}>
              {t("plans.apply.pricePerMonth", { price: format.money(BASE_FEE[currency], currency), vat: VAT_PERCENT })}
            </FactRow>
            <FactRow label={t("plans.apply.included")}>
              {t("plans.apply.includedValue", {
                messages: format.number(INCLUDED_MESSAGES),
                dau: format.number(INCLUDED_CUMULATIVE_DAU),
              })}
            </FactRow>
            <FactRow label={t("plans.apply.startDate")}>{format.day(info.paidPlanStartDate)}</FactRow>
            <FactRow label={t("plans.apply.firstPeriod")}>
              {t("plans.apply.periodRange", {
                from: format.day(info.paidPlanStartDate),
                to: format.day(info.paidPlanEndDate),
              })}
            </FactRow>
            <FactRow label={t("plans.apply.firstPayment")}>
              {format.day(paymentDayAfter(info.paidPlanEndDate, INVOICE_DAY_OF_MONTH))}
            </FactRow>
          </Stack>
          <Divider sx={{ my: 2 }} />
          <Stack spacing={1}>
            <Typography variant="body2" color="text.secondary">
              {t("plans.apply.overage", {
                messagePrice: firstTier ? unit(firstTier.price[currency]) : "",
                dauPrice: unit(DAU_OVERAGE_PRICE[currency]),
                capPrice: unit(DAU_CAP_PRICE[currency]),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t("plans.apply.paymentNote")}
            </Typography>
          </Stack>
          {hasCard === false && (
            <Alert
              severity="warning"
              sx={{ mt: 2 }}
              action={
                <Button
                  color="inherit"
                  size="small"
                  component={RouterLink}
                  to={paths.bills.getHref()}
                  onClick={onClose}
                  sx={{ whiteSpace: "nowrap" }}
                >
                  {t("plans.apply.registerCard")}
                </Button>
              }
            >
              {t("plans.apply.noCard")}
            </Alert>
          )}
        </DialogContent>
      )}
      <DialogActions>
        <Button onClick={onClose}>{t("common.cancel")}</Button>
        <Button
          variant="contained"
          disabled={isPending || !info || hasCard === false}
          onClick={() => info && onApply(info)}
        >
          {t("plans.apply.confirm")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
