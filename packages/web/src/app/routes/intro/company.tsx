import { useTranslation } from "react-i18next";
import { PublicSection } from "@/components/layouts/public-layout";

export default function IntroCompanyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PublicSection title={t("intro.company.title")} lead={t("intro.company.lead")} />
      <PublicSection
        id="terms"
        headingLevel="h2"
        title={t("intro.company.termsTitle")}
        lead={t("intro.company.terms")}
      />
      <PublicSection
        id="privacy"
        headingLevel="h2"
        title={t("intro.company.privacyTitle")}
        lead={t("intro.company.privacy")}
      />
    </>
  );
}
