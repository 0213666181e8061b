import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Checkbox, Divider, FormControlLabel, Link, Stack, TextField, Typography } from "@mui/material";
import { zSignupForm } from "@parley/contract";
import { Controller, useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { PasswordField } from "@/components/form/password-field";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { paths } from "@/config/paths";
import { useErrorText } from "@/hooks/use-error-text";
import { currentLanguage } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { useSignup } from "../api/signup";

type SignupFormInput = z.input<typeof zSignupForm>;
type SignupFormValues = z.output<typeof zSignupForm>;

const serverFields = [
  "email",
  "password",
  "name",
  "contact",
  "companyName",
  "companyHomepage",
  "companyAddress.postalCode",
  "companyAddress.address",
  "companyAddress.detail",
] as const;

export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const signup = useSignup();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: zodResolver(zSignupForm),
    mode: "onTouched",
    criteriaMode: "all",
    defaultValues: {
      email: "",
      password: "",
      passwordConfirm: "",
      name: "",
      contact: "",
      companyName: "",
      companyHomepage: "",
      companyAddress: { postalCode: "", address: "", detail: "" },
      marketingConsent: false,
      language: currentLanguage(),
    },
  });

  const onSubmit = handleSubmit(async ({ passwordConfirm: _confirm, ...values }) => {
    try {
      const result = await signup.mutateAsync({ ...values, language: currentLanguage() });
      await navigate(paths.auth.emailVerificationSend.getHref(result.email), {
        state: { email: result.email, justSignedUp: true },
      });
    } catch (error) {
      if (isApiError(error, "1003")) {
        setError("email", { type: "server", message: "ERROR_1003" }, { shouldFocus: true });
        return;
      }
      if (!applyServerFieldErrors(error, setError, serverFields)) showSnackbar(errorText(error), { severity: "error" });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("signup.title")}>
      <Stack spacing={2.5}>
        <Typography variant="overline" color="text.secondary">
          {t("signup.sectionAccount")}
        </Typography>
        <TextField
          label={t("fields.email")}
          type="email"
          autoComplete="email"
          required
          {...muiRegister(register("email"))}
          {...fieldError(errors.email)}
        />
        <PasswordField
          label={t("fields.password")}
          autoComplete="new-password"
          required
          {...muiRegister(register("password"))}
          {...fieldError(errors.password, t("fields.passwordHint"))}
        />
        <PasswordField
          label={t("fields.passwordConfirm")}
          autoComplete="new-password"
          required
          {...muiRegister(register("passwordConfirm"))}
          {...fieldError(errors.passwordConfirm)}
        />

        <Divider />
        <Typography variant="overline" color="text.secondary">
          {t("signup.sectionProfile")}
        </Typography>
        <TextField
          label={t("fields.name")}
          autoComplete="name"
          required
          {...muiRegister(register("name"))}
          {...fieldError(errors.name)}
        />
        <TextField
          label={t("fields.contact")}
          autoComplete="tel"
          required
          slotProps={{ htmlInput: { inputMode: "tel" } }}
          {...muiRegister(register("contact"))}
          {...fieldError(errors.contact, t("fields.contactHint"))}
        />
        <TextField
          label={t("fields.companyName")}
          autoComplete="organization"
          required
          {...muiRegister(register("companyName"))}
          {...fieldError(errors.companyName)}
        />
        <TextField
          label={t("fields.companyHomepage")}
          type="url"
          autoComplete="url"
          placeholder="https://"
          {...muiRegister(register("companyHomepage"))}
          {...fieldError(errors.companyHomepage)}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label={t("fields.postalCode")}
            autoComplete="postal-code"
            sx={{ maxWidth: { sm: 180 } }}
            {...muiRegister(register("companyAddress.postalCode"))}
            {...fieldError(errors.companyAddress?.postalCode)}
          />
          <TextField
            label={t("fields.address")}
            autoComplete="address-line1"
            {...muiRegister(register("companyAddress.address"))}
            {...fieldError(errors.companyAddress?.address)}
          />
        </Stack>
        <TextField
          label={t("fields.addressDetail")}
          autoComplete="address-line2"
          {...muiRegister(register("companyAddress.detail"))}
          {...fieldError(errors.companyAddress?.detail)}
        />
        <Controller
          control={control}
          name="marketingConsent"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  slotProps={{ input: { ref: field.ref } }}
                />
              }
              label={t("fields.marketingConsent")}
            />
          )}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {t("signup.submit")}
        </Button>
        <Box sx={{ textAlign: "center", color: "text.secondary", typography: "body2" }}>
          <Trans
            i18nKey="signup.haveAccount"
            components={{ login: <Link component={RouterLink} to={paths.auth.login.getHref()} /> }}
          />
        </Box>
      </Stack>
    </Box>
  );
}
