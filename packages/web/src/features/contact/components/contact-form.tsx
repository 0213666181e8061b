import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from "@mui/material";
import { CONTACT_CATEGORIES, CONTACT_DESCRIPTION_MAX, zContactRequest } from "@parley/contract";
import { useId, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { useHydrated } from "@/hooks/use-hydrated";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { currentLanguage } from "@/i18n";
import { inlineErrors } from "@/lib/mutation-errors";
import { useSubmitContactInquiry } from "../api/submit-contact-inquiry";

/** The request without `language`, which the form takes from the UI rather than asking. */
const zContactForm = zContactRequest.omit({ language: true });
type ContactFormInput = z.input<typeof zContactForm>;
type ContactFormValues = z.output<typeof zContactForm>;

const FIELDS = ["name", "email", "phone", "company", "category", "description"] as const;

const EMPTY: ContactFormInput = {
  name: "",
  email: "",
  phone: "",
  company: "",
  category: "sales",
  description: "",
};

export function ContactForm() {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const submitInquiry = useSubmitContactInquiry(inlineErrors);
  const baseId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(zContactForm),
    defaultValues: EMPTY,
    mode: "onTouched",
  });
  const leaveDialog = useLeaveConfirm(isDirty && !isSubmitting);
  const number = new Intl.NumberFormat(i18n.language);
  const descriptionLength = (watch("description") ?? "").length;

  const onSubmit = handleSubmit(async (values) => {
    setSentTo(null);
    try {
      await submitInquiry.mutateAsync({ ...values, language: currentLanguage() });
      reset(EMPTY);
      setSentTo(values.email);
    } catch (error) {
      if (applyServerFieldErrors(error, setError, FIELDS)) return;
      showError(error);
    }
  });

  const descriptionError = fieldError(errors.description);

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("intro.contactUs.form.label")}>
      <Stack spacing={2.5}>
        {sentTo && (
          <Alert severity="success" role="status">
            {t("intro.contactUs.form.sent", { email: sentTo })}
          </Alert>
        )}
        <Box sx={{ display: "grid", gap: 2.5, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" } }}>
          <TextField
            label={t("intro.contactUs.form.name")}
            required
            autoComplete="name"
            {...muiRegister(register("name"))}
            {...fieldError(errors.name)}
          />
          <TextField
            label={t("intro.contactUs.form.email")}
            required
            type="email"
            autoComplete="email"
            {...muiRegister(register("email"))}
            {...fieldError(errors.email)}
          />
          <TextField
            label={t("intro.contactUs.form.phone")}
            required
            type="tel"
            autoComplete="tel"
            slotProps={{ htmlInput: { inputMode: "tel" } }}
            {...muiRegister(register("phone"))}
            {...fieldError(errors.phone, t("fields.contactHint"))}
          />
          <TextField
            label={t("intro.contactUs.form.company")}
            autoComplete="organization"
            {...muiRegister(register("company"))}
            {...fieldError(errors.company, t("intro.contactUs.form.companyHint"))}
          />
        </Box>
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <FormControl error={Boolean(errors.category)} required>
              <FormLabel id={`${baseId}-category`}>{t("intro.contactUs.form.category")}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={`${baseId}-category`}
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
              >
                {CONTACT_CATEGORIES.map((category) => (
                  <FormControlLabel
                    key={category}
                    value={category}
                    control={<Radio />}
                    label={t(`intro.contactUs.form.categories.${category}`)}
                  />
                ))}
              </RadioGroup>
              {errors.category && <FormHelperText>{fieldError(errors.category).helperText}</FormHelperText>}
            </FormControl>
          )}
        />
        <TextField
          label={t("intro.contactUs.form.description")}
          required
          multiline
          minRows={6}
          {...muiRegister(register("description"))}
          error={descriptionError.error}
          helperText={
            <Box component="span" sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
              <span>{descriptionError.helperText ?? t("intro.contactUs.form.descriptionHint")}</span>
              <Box
                component="span"
                id={`${baseId}-counter`}
                data-testid="contact-description-counter"
                sx={{
                  whiteSpace: "nowrap",
                  color: descriptionLength > CONTACT_DESCRIPTION_MAX ? "error.main" : undefined,
                }}
              >
                {t("intro.contactUs.form.counter", {
                  length: number.format(descriptionLength),
                  max: number.format(CONTACT_DESCRIPTION_MAX),
                })}
              </Box>
            </Box>
          }
        />
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={isSubmitting || !hydrated}>
            {t("intro.contactUs.form.submit")}
          </Button>
        </Box>
      </Stack>
      {leaveDialog}
    </Box>
  );
}
