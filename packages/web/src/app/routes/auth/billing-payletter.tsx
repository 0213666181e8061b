import { Alert, Box, Button, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useLocation, useSearchParams } from "react-router";
import type { FromState } from "@/app/guards";
import { AuthCard, AuthCardHeader } from "@/components/layouts/auth-layout";
import { paths } from "@/config/paths";
import { CardRegistrationResult } from "@/features/billing/components/card-registration-result";
import { useSession } from "@/lib/session";

/**
 * Where the gateway's card page sends the browser back. It is outside the login guard because the redirect may land
 * in a browser whose session ended meanwhile; then it asks for a login that returns here to show the result.
 */
export default function BillingPayletterPage() {
  const { t } = useTranslation();
  const session = useSession();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get("sessionId");
  const returnHere: FromState = {
    from: { pathname: location.pathname, search: location.search, hash: location.hash },
  };

  return (
    <AuthCard>
      <AuthCardHeader title={t("billingPayletter.title")} />
      {!sessionId && (
        <Stack spacing={3}>
          <Alert severity="warning">{t("billingPayletter.noSession")}</Alert>
          <Box>
            <Button
              variant="contained"
              component={RouterLink}
              to={session ? paths.bills.getHref() : paths.auth.login.getHref()}
            >
              {session ? t("billingPayletter.backToBills") : t("common.login")}
            </Button>
          </Box>
        </Stack>
      )}
      {sessionId && session && <CardRegistrationResult sessionId={sessionId} />}
      {sessionId && !session && (
        <Stack spacing={3}>
          <Typography>{t("billingPayletter.loggedOut")}</Typography>
          <Box>
            <Button variant="contained" component={RouterLink} to={paths.auth.login.getHref()} state={returnHere}>
              {t("common.login")}
            </Button>
          </Box>
        </Stack>
      )}
    </AuthCard>
  );
}
