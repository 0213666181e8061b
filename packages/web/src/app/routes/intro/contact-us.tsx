import { useTranslation } from "react-i18next";
import { PublicSection } from "@/components/layouts/public-layout";

export default function IntroContactUsPage() {
  const { t } = useTranslation();
  return <PublicSection title={t("intro.contactUs.title")} lead={t("intro.contactUs.lead")} />;
}
