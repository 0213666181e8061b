import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { PageHeader } from "@/components/page-header";
import { AuditLog } from "@/features/audit-log/components/audit-log";

export default function AppAuditPage() {
  const { t } = useTranslation();
  const { appId = "" } = useParams();
  return (
    <>
      <PageHeader title={t("pages.audit")} description={t("audit.description")} />
      <AuditLog key={appId} scope={{ kind: "app", appId }} />
    </>
  );
}
