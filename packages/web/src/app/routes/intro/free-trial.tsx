import { Button, Link } from "@mui/material";
import { UNVERIFIED_ACCOUNT_TTL_DAYS } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { CheckList } from "@/features/intro/components/check-list";
import { ClosingCta } from "@/features/intro/components/closing-cta";
import { IntroHero } from "@/features/intro/components/intro-hero";
import { IntroSection } from "@/features/intro/components/intro-section";
import { StepList } from "@/features/intro/components/step-list";
import { usePlanFacts } from "@/features/intro/lib/use-plan-facts";

const includes = ["features", "messages", "apps", "console", "noCharge"] as const;
const period = ["signup", "verify", "trial"] as const;
const after = ["stop", "apply", "start", "price", "billing"] as const;

export default function IntroFreeTrialPage() {
  const { t } = useTranslation();
  const facts = usePlanFacts();
  const values = { ...facts, unverifiedDays: UNVERIFIED_ACCOUNT_TTL_DAYS };
  return (
    <>
      <IntroHero
        title={t("intro.freeTrial.title", values)}
        lead={t("intro.freeTrial.lead", values)}
        note={t("intro.freeTrial.note")}
        actions={
          <>
            <Button variant="contained" size="large" component={RouterLink} to={paths.auth.signup.getHref()}>
              {t("intro.freeTrial.cta", values)}
            </Button>
            <Button variant="text" size="large" component={RouterLink} to={paths.auth.login.getHref()}>
              {t("intro.freeTrial.login")}
            </Button>
          </>
        }
      />
      <IntroSection id="includes" title={t("intro.freeTrial.includesTitle")}>
        <CheckList items={includes.map((key) => ({ key, text: t(`intro.freeTrial.includes.${key}`, values) }))} />
      </IntroSection>
      <IntroSection id="period" tinted title={t("intro.freeTrial.periodTitle")}>
        <StepList
          steps={period.map((key) => ({
            key,
            title: t(`intro.freeTrial.period.${key}.title`, values),
            body: t(`intro.freeTrial.period.${key}.body`, values),
          }))}
        />
      </IntroSection>
      <IntroSection id="after" title={t("intro.freeTrial.afterTitle")} lead={t("intro.freeTrial.afterLead")}>
        <CheckList items={after.map((key) => ({ key, text: t(`intro.freeTrial.after.${key}`, values) }))} />
        <Link
          component={RouterLink}
          to={paths.intro.pricing.getHref()}
          sx={{ display: "inline-block", mt: 3, fontWeight: 600 }}
        >
          {t("intro.freeTrial.pricingLink")}
        </Link>
      </IntroSection>
      <ClosingCta
        id="start"
        title={t("intro.freeTrial.ctaTitle", values)}
        body={t("intro.freeTrial.ctaBody", values)}
        primary={{ label: t("intro.freeTrial.cta", values), to: paths.auth.signup.getHref() }}
      />
    </>
  );
}
