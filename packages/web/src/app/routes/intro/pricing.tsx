import { Box, Button, Card, CardContent, Container, List, ListItem, ListItemText, Typography } from "@mui/material";
import {
  BASE_FEE,
  CURRENCY_BY_LANGUAGE,
  DAU_CAP_PRICE,
  DAU_OVERAGE_PRICE,
  FREE_TRIAL_DAYS,
  INCLUDED_CUMULATIVE_DAU,
  INCLUDED_MESSAGES,
  MESSAGE_TIERS,
  TRIAL_MONTHLY_MESSAGES,
  VAT_PERCENT,
} from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PublicSection } from "@/components/layouts/public-layout";
import { paths } from "@/config/paths";
import { MessageTiersTable } from "@/features/pricing/components/message-tiers-table";
import { PricingCalculator } from "@/features/pricing/components/pricing-calculator";
import { currentLanguage } from "@/i18n";
import { formatMoney, formatUnitPrice } from "@/lib/money";

/** Cumulative DAU over a 30-day month divided by 6: the rough MAU the copy quotes (60,000 → about 10,000). */
const APPROXIMATE_MAU = 10_000;

export default function IntroPricingPage() {
  const { t, i18n } = useTranslation();
  // The UI language decides the currency, as it decides it for an account at sign-up.
  const currency = CURRENCY_BY_LANGUAGE[currentLanguage()];
  const language = i18n.language;
  const number = new Intl.NumberFormat(language);
  const money = (minor: number) => formatMoney(minor, currency, language);
  const unit = (thousandths: number) => formatUnitPrice(thousandths, currency, language);

  const facts = [
    t("intro.pricing.facts.dauOverage", {
      included: number.format(INCLUDED_CUMULATIVE_DAU),
      price: unit(DAU_OVERAGE_PRICE[currency]),
    }),
    t("intro.pricing.facts.cap", { price: unit(DAU_CAP_PRICE[currency]) }),
    t("intro.pricing.facts.unlimited"),
    t("intro.pricing.facts.notCarried"),
    t("intro.pricing.facts.billing"),
    t("intro.pricing.facts.proration"),
    t("intro.pricing.facts.vat", { percent: VAT_PERCENT }),
  ];

  return (
    <>
      <PublicSection title={t("intro.pricing.title")} lead={t("intro.pricing.lead")}>
        <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" }, maxWidth: 960 }}>
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
              <Typography variant="h5" component="h2">
                {t("intro.pricing.paid.name")}
              </Typography>
              <Typography sx={{ fontSize: "2rem", fontWeight: 800, mt: 1.5 }} data-testid="pricing-base-fee">
                {t("intro.pricing.paid.price", { price: money(BASE_FEE[currency]) })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t("intro.pricing.paid.vatExcluded", { percent: VAT_PERCENT })}
              </Typography>
              <Typography color="text.secondary">
                {t("intro.pricing.paid.body", {
                  messages: number.format(INCLUDED_MESSAGES),
                  dau: number.format(INCLUDED_CUMULATIVE_DAU),
                  mau: number.format(APPROXIMATE_MAU),
                })}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
                {t("intro.pricing.paid.billing")}
              </Typography>
            </CardContent>
          </Card>
        </Box>
      </PublicSection>

      <PublicSection
        headingLevel="h2"
        title={t("intro.pricing.usage.title")}
        lead={t("intro.pricing.usage.lead")}
        id="usage"
      >
        <Box
          sx={{
            display: "grid",
            gap: 4,
            gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" },
            // The table keeps its own height instead of stretching its rows to the list beside it.
            alignItems: "start",
            maxWidth: 960,
          }}
        >
          <MessageTiersTable currency={currency} tiers={MESSAGE_TIERS} includedMessages={INCLUDED_MESSAGES} />
          <List dense disablePadding aria-label={t("intro.pricing.facts.label")}>
            {facts.map((fact) => (
              <ListItem key={fact} disableGutters sx={{ alignItems: "flex-start" }}>
                <ListItemText primary={fact} slotProps={{ primary: { variant: "body1" } }} />
              </ListItem>
            ))}
          </List>
        </Box>
      </PublicSection>

      <Container maxWidth="lg" sx={{ pb: { xs: 5, md: 8 } }}>
        <PricingCalculator currency={currency} />
      </Container>
    </>
  );
}
