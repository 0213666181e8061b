import CampaignRounded from "@mui/icons-material/CampaignRounded";
import IntegrationInstructionsRounded from "@mui/icons-material/IntegrationInstructionsRounded";
import StorefrontRounded from "@mui/icons-material/StorefrontRounded";
import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { ClosingCta } from "@/features/intro/components/closing-cta";
import { FeatureGrid } from "@/features/intro/components/feature-grid";
import { IntroHero } from "@/features/intro/components/intro-hero";
import { IntroSection } from "@/features/intro/components/intro-section";
import { StepList } from "@/features/intro/components/step-list";

const kinds = [
  { key: "integration", Icon: IntegrationInstructionsRounded },
  { key: "resale", Icon: StorefrontRounded },
  { key: "referral", Icon: CampaignRounded },
] as const;
const steps = ["form", "details", "reply"] as const;

export default function IntroPartnerPage() {
  const { t } = useTranslation();
  return (
    <>
      <IntroHero
        title={t("intro.partner.title")}
        documentTitle={t("intro.partner.documentTitle")}
        lead={t("intro.partner.lead")}
        actions={
          <Button variant="contained" size="large" component={RouterLink} to={paths.intro.contactUs.getHref()}>
            {t("intro.partner.cta")}
          </Button>
        }
      />
      <IntroSection id="kinds" title={t("intro.partner.kindsTitle")} lead={t("intro.partner.kindsLead")}>
        <FeatureGrid
          items={kinds.map(({ key, Icon }) => ({
            key,
            icon: <Icon />,
            title: t(`intro.partner.kinds.${key}.title`),
            body: t(`intro.partner.kinds.${key}.body`),
          }))}
        />
      </IntroSection>
      <IntroSection id="how" tinted title={t("intro.partner.howTitle")}>
        <StepList
          steps={steps.map((key) => ({
            key,
            title: t(`intro.partner.how.${key}.title`),
            body: t(`intro.partner.how.${key}.body`),
          }))}
        />
      </IntroSection>
      <ClosingCta
        id="start"
        title={t("intro.partner.ctaTitle")}
        body={t("intro.partner.ctaBody")}
        primary={{ label: t("intro.partner.cta"), to: paths.intro.contactUs.getHref() }}
      />
    </>
  );
}
