import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { StatusPage } from "@/components/status-page";
import { paths } from "@/config/paths";

export default function NotAllowedPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="403"
      title={t("status.notAllowed.title")}
      body={t("status.notAllowed.body")}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.root.getHref()}>
          {t("common.goHome")}
        </Button>
      }
    />
  );
}
