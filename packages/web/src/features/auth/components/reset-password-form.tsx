import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Link, Stack, TextField } from "@mui/material";
import { zPasswordResetConfirmForm } from "@parley/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { PasswordField } from "@/components/form/password-field";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useErrorSnackbar, useErrorText } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useConfirmPasswordReset } from "../api/confirm-password-reset";

type ResetFormInput = z.input<typeof zPasswordResetConfirmForm>;
type ResetFormValues = z.output<typeof zPasswordResetConfirmForm>;

function InvalidLink({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Alert severity="error">
      {message}{" "}
      <Link component={RouterLink} to={paths.auth.forgot.getHref()}>
        {t("resetConfirm.requestNewLink")}
      </Link>
    </Alert>
  );
}

/** Sets a new password from the emailed link; `email` and `code` come from that link. */
export function ResetPasswordForm({ email, code }: { email: string; code: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const confirmReset = useConfirmPasswordReset(inlineErrors);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<ResetFormInput, unknown, ResetFormValues>({
    resolver: zodResolver(zPasswordResetConfirmForm),
    defaultValues: { email, code, password: "", passwordConfirm: "" },
    mode: "onTouched",
    criteriaMode: "all",
  });
  const leaveDialog = useLeaveConfirm(isDirty && !isSubmitting);

  if (!email || !code) return <InvalidLink message={t("resetConfirm.missingLink")} />;

  const onSubmit = handleSubmit(async ({ passwordConfirm: _confirm, ...values }) => {
    setLinkProblem(null);
    try {
      await confirmReset.mutateAsync(values);
      showSnackbar(t("resetConfirm.success"), { severity: "success" });
      await navigate(paths.auth.login.getHref(), { replace: true, state: { email: values.email } });
    } catch (error) {
      if (isApiError(error, "1010", "1011")) {
        setLinkProblem(errorText(error));
        return;
      }
      showError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("resetConfirm.title")}>
      <Stack spacing={2.5}>
        {linkProblem && <InvalidLink message={linkProblem} />}
        <TextField label={t("fields.email")} value={email} slotProps={{ htmlInput: { readOnly: true } }} />
        <PasswordField
          label={t("fields.newPassword")}
          autoComplete="new-password"
          autoFocus
          {...muiRegister(register("password"))}
          {...fieldError(errors.password, t("fields.passwordHint"))}
        />
        <PasswordField
          label={t("fields.newPasswordConfirm")}
          autoComplete="new-password"
          {...muiRegister(register("passwordConfirm"))}
          {...fieldError(errors.passwordConfirm)}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {t("resetConfirm.submit")}
        </Button>
      </Stack>
      {leaveDialog}
    </Box>
  );
}
