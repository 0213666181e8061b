import { Box, Checkbox, Divider, FormControlLabel, FormHelperText, Link, Typography } from "@mui/material";
import type { TSignupConsent } from "@parley/contract";
import { type ReactNode, useId } from "react";
import { type Control, Controller, type FieldError, useFormContext, useWatch } from "react-hook-form";
import { Trans, useTranslation } from "react-i18next";
import { visuallyHidden } from "@/components/visually-hidden";
import { paths } from "@/config/paths";

/** The consent part of a signup form: the two required agreements of the contract, and the optional marketing one. */
interface ConsentValues extends Partial<Record<keyof TSignupConsent, boolean>> {
  marketingConsent?: boolean;
}

const REQUIRED = ["termsAccepted", "privacyAccepted"] as const;
const ALL = [...REQUIRED, "marketingConsent"] as const;

/** A link in a consent label: the document opens in a new tab, so the half-filled form stays where it is. */
function DocumentLink({ to, children }: { to: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Link href={to} target="_blank" rel="noopener" sx={{ fontWeight: 600 }}>
      {children}
      <Box component="span" sx={visuallyHidden}>
        {` ${t("signup.consent.newTab")}`}
      </Box>
    </Link>
  );
}

function RequiredConsent({
  name,
  control,
  label,
  error,
}: {
  name: (typeof REQUIRED)[number];
  control: Control<ConsentValues>;
  label: ReactNode;
  error: FieldError | undefined;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{
                  input: {
                    ref: field.ref,
                    required: true,
                    "aria-invalid": Boolean(error),
                    ...(error ? { "aria-describedby": helpId } : {}),
                  },
                }}
              />
            }
            label={label}
          />
          {error?.message && (
            <FormHelperText id={helpId} error sx={{ mt: -0.5, ml: 4 }}>
              {t(error.message)}
            </FormHelperText>
          )}
        </Box>
      )}
    />
  );
}

/**
 * The agreements a new account gives: the terms of service and the privacy policy, each required and each linking
 * to its page, and the marketing mail, optional. "Agree to all" ticks or clears the three at once. Rendered inside
 * a `FormProvider` whose form holds `termsAccepted`, `privacyAccepted` and `marketingConsent`.
 */
export function SignupConsentFields() {
  const { t } = useTranslation();
  const {
    control,
    setValue,
    formState: { errors, isSubmitted },
  } = useFormContext<ConsentValues>();
  const values = useWatch({ control, name: ALL });
  const checkedCount = values.filter((value) => value === true).length;

  function setAll(checked: boolean) {
    // Validating on change once the form was submitted clears the required messages as soon as they are met.
    for (const name of ALL) setValue(name, checked, { shouldDirty: true, shouldValidate: isSubmitted });
  }

  return (
    // A gap rather than Stack spacing: spacing resets the margins of its children, which checkboxes rely on to line up.
    <Box
      component="fieldset"
      sx={{ border: 0, m: 0, p: 0, minWidth: 0, display: "flex", flexDirection: "column", gap: 0.5 }}
    >
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ p: 0 }}>
        {t("signup.consent.title")}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox
            checked={checkedCount === ALL.length}
            indeterminate={checkedCount > 0 && checkedCount < ALL.length}
            onChange={(event) => setAll(event.target.checked)}
          />
        }
        label={<Typography sx={{ fontWeight: 600 }}>{t("signup.consent.all")}</Typography>}
      />
      <Divider />
      <RequiredConsent
        name="termsAccepted"
        control={control}
        error={errors.termsAccepted}
        label={
          <Trans
            i18nKey="signup.consent.terms"
            components={{ doc: <DocumentLink to={paths.intro.terms.getHref()} /> }}
          />
        }
      />
      <RequiredConsent
        name="privacyAccepted"
        control={control}
        error={errors.privacyAccepted}
        label={
          <Trans
            i18nKey="signup.consent.privacy"
            components={{ doc: <DocumentLink to={paths.intro.privacy.getHref()} /> }}
          />
        }
      />
      <Controller
        control={control}
        name="marketingConsent"
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={field.value === true}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { ref: field.ref } }}
              />
            }
            label={t("fields.marketingConsent")}
          />
        )}
      />
    </Box>
  );
}
