import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { StatusPage } from "@/components/status-page";
import { paths } from "@/config/paths";

export default function FailPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      title={t("status.fail.title")}
      body={t("status.fail.body")}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.root.getHref()}>
          {t("common.goHome")}
        </Button>
      }
    />
  );
}
