import { Box } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { AppsUsage } from "@/features/reports/components/apps-usage";
import { ReportEmailsEditor } from "@/features/reports/components/report-emails-editor";

export default function OverviewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.dashboard")} description={t("reports.overview.description")} />
      <Box sx={{ display: "grid", gap: 2 }}>
        <AppsUsage />
        <ReportEmailsEditor />
      </Box>
    </>
  );
}
