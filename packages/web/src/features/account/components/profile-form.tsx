import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Checkbox, FormControlLabel, Stack, TextField } from "@mui/material";
import { type TAccount, type TUpdateAccountRequest, zUpdateAccountRequest } from "@parley/contract";
import { useEffect } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
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
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const updateAccount = useUpdateAccount();
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<ProfileInput, unknown, TUpdateAccountRequest>({
    resolver: zodResolver(zUpdateAccountRequest),
    defaultValues: profileValues(account),
    mode: "onChange",
  });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await updateAccount.mutateAsync(values);
      reset(values);
      showSnackbar(t("settings.profile.saved"), { severity: "success" });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, serverFields)) showSnackbar(errorText(error), { severity: "error" });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("settings.profile.title")}>
      <Stack spacing={2.5}>
        <TextField
          label={t("fields.email")}
          value={account.email}
          slotProps={{ htmlInput: { readOnly: true } }}
          helperText={t("settings.profile.emailFixed")}
        />
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
        <Box sx={{ display: "flex", justifyContent: "flex-end", gap: 1 }}>
          <Button variant="text" disabled={!isDirty || isSubmitting} onClick={() => reset()}>
            {t("common.discard")}
          </Button>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
            {t("common.save")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
