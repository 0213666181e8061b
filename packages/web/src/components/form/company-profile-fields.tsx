import { Checkbox, FormControlLabel, Stack, TextField } from "@mui/material";
import type { TAccountProfile } from "@parley/contract";
import { Controller, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { muiRegister } from "./mui-register";
import { useFieldError } from "./use-field-error";

/**
 * The company and contact fields of an account, shared by signup and account settings. Rendered inside a
 * `FormProvider` whose form includes the profile fields of the contract's `zAccountProfile`. Signup forms ask for
 * marketing consent with the other agreements instead (`withMarketingConsent={false}`).
 */
export function CompanyProfileFields({ withMarketingConsent = true }: { withMarketingConsent?: boolean }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<TAccountProfile>();

  return (
    <>
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
      {withMarketingConsent && (
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
      )}
    </>
  );
}
