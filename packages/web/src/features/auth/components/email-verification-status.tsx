import { zodResolver } from "@hookform/resolvers/zod";
import MarkEmailReadRounded from "@mui/icons-material/MarkEmailReadRounded";
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import { zEmailVerificationSendRequest } from "@parley/contract";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { isApiError } from "@/lib/api-client";
import { logLoadFailure } from "@/lib/load-failure";
import { inlineErrors } from "@/lib/mutation-errors";
import { useEmailVerified } from "../api/get-email-verified";
import { useSendEmailVerification } from "../api/send-email-verification";

type EmailInput = z.input<typeof zEmailVerificationSendRequest>;
type EmailValues = z.output<typeof zEmailVerificationSendRequest>;

function LoginButton() {
  const { t } = useTranslation();
  return (
    <Button variant="contained" size="large" component={RouterLink} to={paths.auth.login.getHref()}>
      {t("common.goToLogin")}
    </Button>
  );
}

/** "Check your inbox": resend the link, and notice by polling when the address has been verified. */
export function EmailVerificationStatus({ email, justSignedUp }: { email: string; justSignedUp: boolean }) {
  const { t } = useTranslation();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const send = useSendEmailVerification(inlineErrors);
  const verified = useEmailVerified(email);
  const [isAlreadyVerified, setIsAlreadyVerified] = useState(false);

  useEffect(() => {
    if (verified.error) logLoadFailure("Could not check the verification state", verified.error);
  }, [verified.error]);

  const isVerified = isAlreadyVerified || verified.data?.verified === true;

  const resend = async () => {
    try {
      await send.mutateAsync({ email });
      showSnackbar(t("verifySend.resent", { email }), { severity: "success" });
    } catch (error) {
      if (isApiError(error, "1012")) {
        setIsAlreadyVerified(true);
        return;
      }
      showError(error);
    }
  };

  if (isVerified) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          {isAlreadyVerified ? t("ERROR_1012") : t("verifySend.verified")}
        </Alert>
        <LoginButton />
      </Stack>
    );
  }

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "flex-start" }}>
        <MarkEmailReadRounded color="primary" sx={{ fontSize: 40, flexShrink: 0 }} />
        <Box>
          <Typography sx={{ fontWeight: 600, wordBreak: "break-all" }}>{email}</Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {justSignedUp ? t("verifySend.sent") : t("verifySend.pending")}
          </Typography>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t("verifySend.hint")}
      </Typography>
      <Button variant="contained" size="large" onClick={resend} disabled={send.isPending}>
        {t("verifySend.resend")}
      </Button>
      <Button variant="text" component={RouterLink} to={paths.auth.login.getHref()}>
        {t("common.backToLogin")}
      </Button>
    </Stack>
  );
}

/** Without an address in the link, ask for it first. */
export function EmailVerificationRequest({ onEmail }: { onEmail: (email: string) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailInput, unknown, EmailValues>({
    resolver: zodResolver(zEmailVerificationSendRequest),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  return (
    <Box component="form" noValidate onSubmit={handleSubmit(({ email }) => onEmail(email))}>
      <Stack spacing={2.5}>
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          {...muiRegister(register("email"))}
          {...fieldError(errors.email)}
        />
        <Button type="submit" variant="contained" size="large">
          {t("verifySend.continue")}
        </Button>
        <LoginButton />
      </Stack>
    </Box>
  );
}
