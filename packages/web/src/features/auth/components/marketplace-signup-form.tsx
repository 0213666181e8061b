import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Divider, Stack } from "@mui/material";
import { zMarketplaceSignupRequest } from "@parley/contract";
import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { CompanyProfileFields } from "@/components/form/company-profile-fields";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useErrorSnackbar, useErrorText } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { currentLanguage } from "@/i18n";
import { isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { pathAfterLinkLogin, useLinkLogin } from "../api/link-login";
import { useMarketplaceSignup } from "../api/marketplace-signup";
import { SignupConsentFields } from "./signup-consent-fields";

/** The request without what the page adds itself: the marketplace's token and the UI language. */
const zMarketplaceSignupForm = zMarketplaceSignupRequest.omit({ token: true, language: true });
type ProfileInput = z.input<typeof zMarketplaceSignupForm>;
type ProfileValues = z.output<typeof zMarketplaceSignupForm>;

const serverFields = [
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

/** Failures about the token or the account rather than a field: said above the form, where they stay. */
const accountCodes = ["9000", "9001", "9002", "9003"];

/**
 * The company and contact part of signup for a buyer the marketplace sent here with `token`. The new account
 * signs in at once with the link parts the server answers and goes on like any link sign-in.
 */
export function MarketplaceSignupForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const showError = useErrorSnackbar();
  const signup = useMarketplaceSignup(inlineErrors);
  const linkLogin = useLinkLogin(inlineErrors);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<ProfileInput, unknown, ProfileValues>({
    resolver: zodResolver(zMarketplaceSignupForm),
    mode: "onTouched",
    defaultValues: {
      name: "",
      contact: "",
      companyName: "",
      companyHomepage: "",
      companyAddress: { postalCode: "", address: "", detail: "" },
      marketingConsent: false,
    },
  });
  const {
    handleSubmit,
    setError,
    formState: { isDirty, isSubmitting },
  } = form;
  const leaveDialog = useLeaveConfirm(isDirty && !isSubmitting);

  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    let created: { email: string; signInToken: string };
    try {
      created = await signup.mutateAsync({ ...values, token, language: currentLanguage() });
    } catch (error) {
      if (isApiError(error, ...accountCodes)) {
        setProblem(errorText(error));
        return;
      }
      if (!applyServerFieldErrors(error, setError, serverFields)) showError(error);
      return;
    }
    try {
      const session = await linkLogin.mutateAsync({
        userType: "marketplaceaccount",
        email: created.email,
        token: created.signInToken,
      });
      await navigate(pathAfterLinkLogin(session), { replace: true });
    } catch (error) {
      // The account exists by now: submitting again would only answer 9002, so the reason stays on screen.
      setProblem(errorText(error));
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("marketplaceSignup.title")}>
        <Stack spacing={2.5}>
          {problem && <Alert severity="error">{problem}</Alert>}
          <CompanyProfileFields withMarketingConsent={false} />
          <Divider />
          <SignupConsentFields />
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
            {t("marketplaceSignup.submit")}
          </Button>
        </Stack>
      </Box>
      {leaveDialog}
    </FormProvider>
  );
}
