import { Alert, AlertTitle, Button, Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useSearchParams } from "react-router";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { paths } from "@/config/paths";
import { MarketplaceSignupForm } from "@/features/auth/components/marketplace-signup-form";

/** Opened by a cloud marketplace with `?token=…`, the signed proof of the purchase; useless without it. */
export default function MarketplaceSignupPage() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  const token = query.get("token") ?? "";
  return (
    <AuthCard>
      <AuthCardHeader
        title={t("marketplaceSignup.title")}
        subtitle={token ? t("marketplaceSignup.subtitle") : undefined}
      />
      {token ? (
        <MarketplaceSignupForm key={token} token={token} />
      ) : (
        <Stack spacing={2.5}>
          <Alert severity="info">
            <AlertTitle>{t("marketplaceSignup.noTokenTitle")}</AlertTitle>
            {t("marketplaceSignup.noTokenBody")}
          </Alert>
          <Button variant="outlined" component={RouterLink} to={paths.root.getHref()}>
            {t("common.goHome")}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}
