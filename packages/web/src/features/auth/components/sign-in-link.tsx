import { Alert, Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import type { TLinkLoginRequest } from "@parley/contract";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { inlineErrors } from "@/lib/mutation-errors";
import { pathAfterLinkLogin, useLinkLogin } from "../api/link-login";

function LinkProblem({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2.5}>
      <Alert severity="error">{message}</Alert>
      <Button variant="contained" size="large" component={RouterLink} to={paths.auth.login.getHref()} replace>
        {t("signInLink.toLogin")}
      </Button>
    </Stack>
  );
}

/**
 * Signs in with a sign-in link as soon as it is shown, then goes on (first password, or the account's home).
 * `link` is null when the link lacked a part; a wrong, used or expired token shows the server's reason.
 */
export function SignInLink({ link }: { link: TLinkLoginRequest | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { mutate, error } = useLinkLogin(inlineErrors);
  const hasStarted = useRef(false);

  useEffect(() => {
    // The token works once: a second exchange (StrictMode runs effects twice) would answer 1026.
    if (!link || hasStarted.current) return;
    hasStarted.current = true;
    mutate(link, { onSuccess: (response) => void navigate(pathAfterLinkLogin(response), { replace: true }) });
  }, [link, mutate, navigate]);

  if (!link) return <LinkProblem message={t("signInLink.incomplete")} />;
  if (error) return <LinkProblem message={errorText(error)} />;
  return (
    <Box role="status" sx={{ display: "flex", alignItems: "center", gap: 2, py: 2 }}>
      <CircularProgress size={28} />
      <Typography>{t("signInLink.signingIn")}</Typography>
    </Box>
  );
}
