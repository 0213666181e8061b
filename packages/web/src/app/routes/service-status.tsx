import { useTranslation } from "react-i18next";
import { PublicSection } from "@/components/layouts/public-layout";
import { ServiceStatusView } from "@/features/service-status/components/service-status-view";

/** `/status`: the server status page the footers link to, in the public site's frame. */
export default function ServiceStatusPage() {
  const { t } = useTranslation();
  return (
    <PublicSection title={t("serviceStatus.title")} lead={t("serviceStatus.lead")}>
      <ServiceStatusView />
    </PublicSection>
  );
}
