import { Button } from "@mui/material";
import { FREE_TRIAL_DAYS, TRIAL_MONTHLY_MESSAGES } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { PublicSection } from "@/components/layouts/public-layout";
import { paths } from "@/config/paths";

export default function IntroFreeTrialPage() {
  const { t, i18n } = useTranslation();
  return (
    <PublicSection
      title={t("intro.freeTrial.title", { days: FREE_TRIAL_DAYS })}
      lead={t("intro.freeTrial.lead", {
        days: FREE_TRIAL_DAYS,
        messages: new Intl.NumberFormat(i18n.language).format(TRIAL_MONTHLY_MESSAGES),
      })}
    >
      <Button variant="contained" size="large" component={RouterLink} to={paths.auth.signup.getHref()}>
        {t("common.signup")}
      </Button>
    </PublicSection>
  );
}
