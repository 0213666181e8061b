import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Stack, TextField } from "@mui/material";
import { type TAccount, type TUpdateAccountRequest, zUpdateAccountRequest } from "@parley/contract";
import { useEffect } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { CompanyProfileFields } from "@/components/form/company-profile-fields";
import { FormActions } from "@/components/form/form-actions";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { inlineErrors } from "@/lib/mutation-errors";
import { useUpdateAccount } from "../api/update-account";

type ProfileInput = z.input<typeof zUpdateAccountRequest>;

const serverFields = [
  "name",
  "contact",
  "companyName",
  "companyHomepage",
  "companyAddress.postalCode",
  "companyAddress.address",
  "companyAddress.detail",
] as const;

function profileValues(account: TAccount): ProfileInput {
  return {
    name: account.name,
    contact: account.contact,
    companyName: account.companyName,
    companyHomepage: account.companyHomepage,
    companyAddress: { ...account.companyAddress },
    marketingConsent: account.marketingConsent,
  };
}

/** The account's profile; Save stays off until something changed and every field passes the shared rules. */
export function ProfileForm({
  account,
  onDirtyChange,
}: {
  account: TAccount;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const updateAccount = useUpdateAccount(inlineErrors);
  const form = useForm<ProfileInput, unknown, TUpdateAccountRequest>({
    resolver: zodResolver(zUpdateAccountRequest),
    defaultValues: profileValues(account),
    mode: "onChange",
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { isDirty, isValid, isSubmitting },
  } = form;

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateAccount.mutateAsync(values);
      reset(values);
      showSnackbar(t("settings.profile.saved"), { severity: "success" });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, serverFields)) showError(error);
    }
  });

  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("settings.profile.title")}>
        <Stack spacing={2.5}>
          <TextField
            label={t("fields.email")}
            value={account.email}
            slotProps={{ htmlInput: { readOnly: true } }}
            helperText={t("settings.profile.emailFixed")}
          />
          <CompanyProfileFields />
          <FormActions isDirty={isDirty} isValid={isValid} isSubmitting={isSubmitting} onDiscard={() => reset()} />
        </Stack>
      </Box>
    </FormProvider>
  );
}
