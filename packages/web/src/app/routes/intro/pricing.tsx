import { Box, Button, Card, CardContent, Chip, Typography } from "@mui/material";
import { CURRENCY_BY_LANGUAGE, FREE_TRIAL_DAYS, TRIAL_MONTHLY_MESSAGES } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PublicSection } from "@/components/layouts/public-layout";
import { paths } from "@/config/paths";
import { currentLanguage } from "@/i18n";

/** Base price of plan PlanC per currency (decisions: 290,000 KRW / 299 USD a month, VAT excluded). */
const PLAN_C_MONTHLY = { KRW: 290_000, USD: 299 } as const;
const PLAN_C_MESSAGES = 1_000_000;
const PLAN_C_CUMULATIVE_DAU = 60_000;

export default function IntroPricingPage() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const currency = CURRENCY_BY_LANGUAGE[language];
  const number = new Intl.NumberFormat(i18n.language);
  const price = new Intl.NumberFormat(i18n.language, {
    style: "currency",
    currency,
    maximumFractionDigits: 0,
  }).format(PLAN_C_MONTHLY[currency]);

  return (
    <PublicSection title={t("intro.pricing.title")} lead={t("intro.pricing.lead")}>
      <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, maxWidth: 880 }}>
        <Card>
          <CardContent sx={{ p: 4 }}>
            <Typography variant="h5" component="h2">
              {t("intro.pricing.trial.name")}
            </Typography>
            <Typography sx={{ fontSize: "2rem", fontWeight: 800, my: 1.5 }}>
              {t("intro.pricing.trial.price", { days: FREE_TRIAL_DAYS })}
            </Typography>
            <Typography color="text.secondary">
              {t("intro.pricing.trial.body", { messages: number.format(TRIAL_MONTHLY_MESSAGES) })}
            </Typography>
            <Button variant="outlined" sx={{ mt: 3 }} component={RouterLink} to={paths.auth.signup.getHref()}>
              {t("intro.pricing.trial.cta")}
            </Button>
          </CardContent>
        </Card>
        <Card sx={{ borderColor: "primary.main", borderWidth: 2 }}>
          <CardContent sx={{ p: 4 }}>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
              <Typography variant="h5" component="h2">
                {t("intro.pricing.paid.name")}
              </Typography>
              <Chip size="small" color="primary" label="PlanC" />
            </Box>
            <Typography sx={{ fontSize: "2rem", fontWeight: 800, my: 1.5 }}>
              {t("intro.pricing.paid.price", { price })}
            </Typography>
            <Typography color="text.secondary">
              {t("intro.pricing.paid.body", {
                messages: number.format(PLAN_C_MESSAGES),
                dau: number.format(PLAN_C_CUMULATIVE_DAU),
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
              {t("intro.pricing.paid.billing")}
            </Typography>
          </CardContent>
        </Card>
      </Box>
    </PublicSection>
  );
}
