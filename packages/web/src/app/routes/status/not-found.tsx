import { Button } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { StatusPage } from "@/components/status-page";
import { paths } from "@/config/paths";

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      testId="not-found"
      code="404"
      title={t("status.notFound.title")}
      body={t("status.notFound.body")}
      actions={
        <Button variant="contained" component={RouterLink} to={paths.root.getHref()}>
          {t("common.goHome")}
        </Button>
      }
    />
  );
}
