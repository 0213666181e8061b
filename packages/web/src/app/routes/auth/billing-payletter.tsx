import { Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";

export default function BillingPayletterPage() {
  const { t } = useTranslation();
  return (
    <AuthCard>
      <AuthCardHeader title={t("billingPayletter.title")} />
      <Typography color="text.secondary">{t("common.preparing")}</Typography>
    </AuthCard>
  );
}
