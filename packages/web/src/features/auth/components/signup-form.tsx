import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Divider, Link, Stack, TextField, Typography } from "@mui/material";
import { zSignupForm } from "@parley/contract";
import { FormProvider, useForm } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router";
import type { z } from "zod";
import { CompanyProfileFields } from "@/components/form/company-profile-fields";
import { muiRegister } from "@/components/form/mui-register";
import { PasswordField } from "@/components/form/password-field";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { paths } from "@/config/paths";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { currentLanguage } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useSignup } from "../api/signup";
import { SignupConsentFields } from "./signup-consent-fields";

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
  "termsAccepted",
  "privacyAccepted",
] as const;

export function SignupForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const signup = useSignup(inlineErrors);
  const form = useForm<SignupFormInput, unknown, SignupFormValues>({
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
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = form;
  const leaveDialog = useLeaveConfirm(isDirty && !isSubmitting);

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
      if (!applyServerFieldErrors(error, setError, serverFields)) showError(error);
    }
  });

  return (
    <FormProvider {...form}>
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
          <CompanyProfileFields withMarketingConsent={false} />

          <Divider />
          <SignupConsentFields />
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
      {leaveDialog}
    </FormProvider>
  );
}
