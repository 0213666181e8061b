import { Box } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { PlanOverview } from "@/features/plans/components/plan-overview";
import { AppsUsage } from "@/features/reports/components/apps-usage";
import { ReportEmailsEditor } from "@/features/reports/components/report-emails-editor";

export default function OverviewPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("pages.dashboard")} description={t("plans.overview.pageDescription")} />
      <Box sx={{ display: "grid", gap: 2 }}>
        <PlanOverview />
        <AppsUsage />
        <ReportEmailsEditor />
      </Box>
    </>
  );
}
