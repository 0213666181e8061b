import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { StatusPage } from "@/components/status-page";
import { paths } from "@/config/paths";

export default function NotAllowedPage() {
  const { t } = useTranslation();
  // The web can never give the admin role, so an account refused the console is told who can, and how.
  const isAdminRefusal = useSearchParams()[0].get("reason") === "admin";
  return (
    <StatusPage
      code="403"
      title={t("status.notAllowed.title")}
      body={t(isAdminRefusal ? "status.notAllowed.adminBody" : "status.notAllowed.body")}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.root.getHref()}>
          {t("common.goHome")}
        </Button>
      }
    />
  );
}
