import CheckCircleRounded from "@mui/icons-material/CheckCircleRounded";
import ErrorOutlineRounded from "@mui/icons-material/ErrorOutlineRounded";
import { Alert, Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import type { TCardSessionResult } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { isApiError } from "@/lib/api-client";
import { useCardSessionResult } from "../api/get-card-session-result";

function Outcome({ result }: { result: TCardSessionResult }) {
  const { t } = useTranslation();
  const isSuccess = result.result === "success";
  if (result.result === "pending") {
    return (
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
        <CircularProgress size={20} />
        <Typography role="status">{t("billingPayletter.pending")}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1.5 }}>
      {isSuccess ? <CheckCircleRounded color="success" /> : <ErrorOutlineRounded color="error" />}
      <Typography role="status">
        {isSuccess
          ? t("billingPayletter.success", {
              card: result.card ? `${result.card.brand} ${result.card.maskedNumber}` : "",
            })
          : t(`billingPayletter.${result.result}`)}
      </Typography>
    </Box>
  );
}

/**
 * `/billing-payletter`: what the gateway's card page did with the registration, read from the server rather than
 * from the address, so a hand-edited link cannot claim a card that was never registered.
 */
export function CardRegistrationResult({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const result = useCardSessionResult(sessionId);
  return (
    <Stack spacing={3}>
      {result.isPending && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }} aria-busy>
          <CircularProgress size={20} />
          <Typography color="text.secondary">{t("billingPayletter.checking")}</Typography>
        </Box>
      )}
      {result.isError && (
        <Alert severity="error">
          {/* 004: no registration of this account under that id, e.g. a link opened in another account. */}
          {isApiError(result.error, "004") ? t("billingPayletter.noSession") : errorText(result.error)}
        </Alert>
      )}
      {result.data && <Outcome result={result.data} />}
      {!result.isPending && (
        <Box>
          <Button variant="contained" component={RouterLink} to={paths.bills.getHref()}>
            {t("billingPayletter.backToBills")}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
