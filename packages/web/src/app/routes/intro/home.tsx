import ForumRounded from "@mui/icons-material/ForumRounded";
import GroupsRounded from "@mui/icons-material/GroupsRounded";
import InsightsRounded from "@mui/icons-material/InsightsRounded";
import NotificationsActiveRounded from "@mui/icons-material/NotificationsActiveRounded";
import ShieldRounded from "@mui/icons-material/ShieldRounded";
import WebhookRounded from "@mui/icons-material/WebhookRounded";
import { Button, Card, CardContent, Link, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { CheckList } from "@/features/intro/components/check-list";
import { ClosingCta } from "@/features/intro/components/closing-cta";
import { FeatureGrid } from "@/features/intro/components/feature-grid";
import { IntroHero } from "@/features/intro/components/intro-hero";
import { IntroSection } from "@/features/intro/components/intro-section";
import { StepList } from "@/features/intro/components/step-list";
import { usePlanFacts } from "@/features/intro/lib/use-plan-facts";

const features = [
  { key: "chat", Icon: ForumRounded },
  { key: "channels", Icon: GroupsRounded },
  { key: "moderation", Icon: ShieldRounded },
  { key: "push", Icon: NotificationsActiveRounded },
  { key: "webhooks", Icon: WebhookRounded },
  { key: "reports", Icon: InsightsRounded },
] as const;
const steps = ["signup", "app", "connect"] as const;
const planPoints = ["users", "storage", "cap", "billing"] as const;

export default function IntroHomePage() {
  const { t } = useTranslation();
  const facts = usePlanFacts();
  return (
    <>
      <IntroHero
        title={t("intro.home.title")}
        documentTitle={t("intro.home.documentTitle")}
        lead={t("intro.home.lead")}
        note={t("intro.home.trialNote", facts)}
        actions={
          <>
            <Button variant="contained" size="large" component={RouterLink} to={paths.auth.signup.getHref()}>
              {t("intro.home.startTrial", facts)}
            </Button>
            <Button variant="outlined" size="large" component={RouterLink} to={paths.intro.docs.getHref()}>
              {t("intro.home.readDocs")}
            </Button>
          </>
        }
      />
      <IntroSection id="features" title={t("intro.home.featuresTitle")}>
        <FeatureGrid
          items={features.map(({ key, Icon }) => ({
            key,
            icon: <Icon />,
            title: t(`intro.home.features.${key}.title`),
            body: t(`intro.home.features.${key}.body`, facts),
          }))}
        />
      </IntroSection>
      <IntroSection id="steps" tinted title={t("intro.home.stepsTitle")}>
        <StepList
          steps={steps.map((key) => ({
            key,
            title: t(`intro.home.steps.${key}.title`),
            body: t(`intro.home.steps.${key}.body`, facts),
          }))}
        />
      </IntroSection>
      <IntroSection id="plan" title={t("intro.home.planTitle")} lead={t("intro.home.planLead")}>
        <Stack direction={{ xs: "column", md: "row" }} spacing={4} sx={{ alignItems: { md: "flex-start" } }}>
          <Card sx={{ minWidth: { md: 320 } }}>
            <CardContent sx={{ p: 3 }}>
              <Typography color="text.secondary">{t("intro.home.planName")}</Typography>
              <Typography sx={{ fontSize: "2rem", fontWeight: 800, mt: 0.5 }} data-testid="home-price">
                {t("intro.home.planPrice", facts)}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {t("intro.home.planVat")}
              </Typography>
              <Typography sx={{ mt: 2 }}>{t("intro.home.planIncludes", facts)}</Typography>
            </CardContent>
          </Card>
          <Stack spacing={2.5}>
            <CheckList items={planPoints.map((key) => ({ key, text: t(`intro.home.planPoints.${key}`, facts) }))} />
            <Link component={RouterLink} to={paths.intro.pricing.getHref()} sx={{ fontWeight: 600 }}>
              {t("intro.home.pricingLink")}
            </Link>
          </Stack>
        </Stack>
      </IntroSection>
      <ClosingCta
        id="start"
        title={t("intro.home.ctaTitle", facts)}
        body={t("intro.home.ctaBody", facts)}
        primary={{ label: t("intro.home.ctaButton"), to: paths.auth.signup.getHref() }}
        secondary={{ label: t("intro.home.contactSales"), to: paths.intro.contactUs.getHref() }}
      />
    </>
  );
}
