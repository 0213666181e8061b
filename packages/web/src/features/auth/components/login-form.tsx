import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Link, Stack, TextField } from "@mui/material";
import { type TLoginRequest, zLoginRequest } from "@parley/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { PasswordField } from "@/components/form/password-field";
import { useFieldError } from "@/components/form/use-field-error";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { ApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useLogin } from "../api/login";

type LoginFormInput = z.input<typeof zLoginRequest>;

/** Login failures that need more than a sentence: the failure count, a lock, an unverified address. */
function LoginFailure({ error, email }: { error: unknown; email: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  if (error instanceof ApiError && error.code === "1025") {
    return (
      <Alert severity="error">
        {errorText(error)}{" "}
        <Link component={RouterLink} to={paths.auth.forgot.getHref()}>
          {t("login.resetPasswordLink")}
        </Link>
      </Alert>
    );
  }
  if (error instanceof ApiError && error.code === "1018") {
    return (
      <Alert severity="warning">
        {errorText(error)}{" "}
        <Link component={RouterLink} to={paths.auth.emailVerificationSend.getHref(email)} state={{ email }}>
          {t("login.resendVerificationLink")}
        </Link>
      </Alert>
    );
  }
  return <Alert severity="error">{errorText(error)}</Alert>;
}

export function LoginForm({ defaultEmail = "" }: { defaultEmail?: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const login = useLogin(inlineErrors);
  const [failure, setFailure] = useState<{ error: unknown; email: string } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginFormInput, unknown, TLoginRequest>({
    resolver: zodResolver(zLoginRequest),
    defaultValues: { email: defaultEmail, password: "" },
    mode: "onTouched",
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      setFailure({ error, email: values.email });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("login.title")}>
      <Stack spacing={2.5}>
        {failure && <LoginFailure error={failure.error} email={failure.email} />}
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          autoFocus
          {...muiRegister(register("email"))}
          {...fieldError(errors.email)}
        />
        <PasswordField
          label={t("fields.password")}
          autoComplete="current-password"
          {...muiRegister(register("password"))}
          {...fieldError(errors.password)}
        />
        <Box sx={{ textAlign: "right", mt: -1 }}>
          <Link component={RouterLink} to={paths.auth.forgot.getHref()} variant="body2">
            {t("login.forgotLink")}
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {t("login.submit")}
        </Button>
        <Box sx={{ textAlign: "center", color: "text.secondary", typography: "body2" }}>
          <Trans
            i18nKey="login.noAccount"
            components={{ signup: <Link component={RouterLink} to={paths.auth.signup.getHref()} /> }}
          />
        </Box>
      </Stack>
    </Box>
  );
}
