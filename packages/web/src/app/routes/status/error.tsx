import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { StatusPage } from "@/components/status-page";
import { paths } from "@/config/paths";

export default function ErrorPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t("status.error.title")}
      body={t("status.error.body")}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.root.getHref()}>
          {t("common.goHome")}
        </Button>
      }
    />
  );
}
