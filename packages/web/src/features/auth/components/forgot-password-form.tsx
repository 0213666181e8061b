import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Link, Stack, TextField } from "@mui/material";
import { zPasswordResetRequest } from "@parley/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { useFieldError } from "@/components/form/use-field-error";
import { paths } from "@/config/paths";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { type TPasswordResetRequest, useRequestPasswordReset } from "../api/request-password-reset";

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const requestReset = useRequestPasswordReset(inlineErrors);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<z.input<typeof zPasswordResetRequest>, unknown, TPasswordResetRequest>({
    resolver: zodResolver(zPasswordResetRequest),
    defaultValues: { email: "" },
    mode: "onTouched",
  });
  // Once the link is sent the address has done its job, so going back to the login asks nothing.
  const leaveDialog = useLeaveConfirm(isDirty && !isSubmitting && sentTo === null);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await requestReset.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      if (isApiError(error, "1004")) {
        setError("email", { type: "server", message: "ERROR_1004" }, { shouldFocus: true });
        return;
      }
      showError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("forgot.title")}>
      <Stack spacing={2.5}>
        {sentTo && (
          <Alert severity="success" role="status">
            {t("forgot.sent", { email: sentTo })}
          </Alert>
        )}
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          autoFocus
          {...muiRegister(register("email"))}
          {...fieldError(errors.email)}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {sentTo ? t("forgot.resubmit") : t("forgot.submit")}
        </Button>
        <Link component={RouterLink} to={paths.auth.login.getHref()} variant="body2" sx={{ textAlign: "center" }}>
          {t("common.backToLogin")}
        </Link>
      </Stack>
      {leaveDialog}
    </Box>
  );
}
