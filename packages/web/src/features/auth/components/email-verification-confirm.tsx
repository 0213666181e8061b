import { Alert, Button, CircularProgress, Stack, Typography } from "@mui/material";
import type { TSessionState } from "@parley/contract";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { homePathFor } from "@/lib/account-home";
import { ApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useConfirmEmailVerification } from "../api/confirm-email-verification";
import { useSendEmailVerification } from "../api/send-email-verification";

type Outcome =
  | { kind: "pending" }
  | { kind: "verified"; session: TSessionState | null }
  | { kind: "failed"; error: unknown };

/**
 * Confirms the emailed verification link as soon as the page opens. The server signs this browser in with it, so
 * the next step is the dashboard, not the login form; a browser it did not sign in (one holding a session already,
 * or a locked account) is sent to log in as before.
 */
export function EmailVerificationConfirm({ email, code }: { email: string; code: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const confirm = useConfirmEmailVerification(inlineErrors);
  const resend = useSendEmailVerification();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "pending" });
  const started = useRef(false);
  const { mutateAsync } = confirm;

  useEffect(() => {
    // A code is single-use: StrictMode's double effect must not send it twice and report the second as failed.
    if (started.current || !email || !code) return;
    started.current = true;
    mutateAsync({ email, code }).then(
      ({ session }) => setOutcome({ kind: "verified", session }),
      (error: unknown) => setOutcome({ kind: "failed", error }),
    );
  }, [email, code, mutateAsync]);

  const loginButton = (
    <Button variant="contained" size="large" component={RouterLink} to={paths.auth.login.getHref()}>
      {t("common.goToLogin")}
    </Button>
  );

  if (!email || !code) {
    return <Alert severity="error">{t("verifyConfirm.missingLink")}</Alert>;
  }

  if (outcome.kind === "pending") {
    return (
      <Stack spacing={2} sx={{ alignItems: "center", py: 2 }} role="status">
        <CircularProgress aria-label={t("common.loading")} />
        <Typography color="text.secondary">{t("verifyConfirm.checking")}</Typography>
      </Stack>
    );
  }

  if (outcome.kind === "verified") {
    const { session } = outcome;
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {t("verifyConfirm.success")}
          {session && ` ${t("verifyConfirm.signedIn", { email: session.email })}`}
        </Alert>
        {session ? (
          <Button variant="contained" size="large" component={RouterLink} to={homePathFor(session)}>
            {t("verifyConfirm.start")}
          </Button>
        ) : (
          loginButton
        )}
      </Stack>
    );
  }

  const failureCode = outcome.error instanceof ApiError ? outcome.error.code : "";
  if (failureCode === "1012") {
    return (
      <Stack spacing={2.5}>
        <Alert severity="info">{errorText(outcome.error)}</Alert>
        {loginButton}
      </Stack>
    );
  }

  if (failureCode === "1017") {
    const onResend = () =>
      resend.mutate(
        { email },
        { onSuccess: () => showSnackbar(t("verifySend.resent", { email }), { severity: "success" }) },
      );
    return (
      <Stack spacing={2.5}>
        <Alert severity="warning">{errorText(outcome.error)}</Alert>
        <Button variant="contained" size="large" onClick={onResend} disabled={resend.isPending}>
          {t("verifySend.resend")}
        </Button>
        <Button variant="text" component={RouterLink} to={paths.auth.login.getHref()}>
          {t("common.goToLogin")}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Alert severity="error">{errorText(outcome.error)}</Alert>
      <Button variant="outlined" component={RouterLink} to={paths.auth.emailVerificationSend.getHref(email)}>
        {t("verifyConfirm.requestNewLink")}
      </Button>
    </Stack>
  );
}
