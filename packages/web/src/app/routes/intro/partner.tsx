import { useTranslation } from "react-i18next";
import { PublicSection } from "@/components/layouts/public-layout";

export default function IntroPartnerPage() {
  const { t } = useTranslation();
  return <PublicSection title={t("intro.partner.title")} lead={t("intro.partner.lead")} />;
}
