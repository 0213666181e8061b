import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Stack,
  TextField,
} from "@mui/material";
import {
  type TWebhookEvent,
  type TWebhookSettings,
  type TWebhookSettingsRequest,
  WEBHOOK_EVENTS,
  zWebhookSettingsRequest,
} from "@parley/contract";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormActions } from "@/components/form/form-actions";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useUpdateWebhookSettings } from "../api/update-webhook-settings";
import { eventNameKey } from "../lib/events";

/** Codes about the address itself (private or unresolvable host): shown on the URL field. */
const URL_ERROR_CODES = ["3043", "3047"];

const toFormValues = (settings: TWebhookSettings): TWebhookSettingsRequest => ({
  url: settings.url,
  // Kept in the catalogue's order, so ticking boxes in another order is not a change.
  events: WEBHOOK_EVENTS.filter((event) => settings.events.includes(event)),
});

export function WebhookSettingsForm({
  appId,
  settings,
  onDirtyChange,
}: {
  appId: string;
  settings: TWebhookSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const eventsLabelId = useId();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const updateSettings = useUpdateWebhookSettings(appId, inlineErrors);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<TWebhookSettingsRequest>({
    resolver: zodResolver(zWebhookSettingsRequest),
    defaultValues: toFormValues(settings),
    mode: "onChange",
  });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(toFormValues(await updateSettings.mutateAsync({ appId, body: values })));
      showSnackbar(t("webhooks.settings.saved"), { severity: "success" });
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ["url", "events"])) return;
      if (isApiError(error, ...URL_ERROR_CODES)) setError("url", { type: "server", message: errorKey(error) });
      else showError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("webhooks.settings.title")}>
      <Stack spacing={3}>
        <TextField
          label={t("webhooks.settings.url")}
          type="url"
          required
          autoComplete="off"
          placeholder="https://example.com/parley/webhooks"
          slotProps={{ htmlInput: { spellCheck: false } }}
          {...muiRegister(register("url"))}
          {...fieldError(errors.url, t("webhooks.settings.urlHint"))}
        />
        <Controller
          control={control}
          name="events"
          render={({ field }) => {
            const selected = new Set<TWebhookEvent>(field.value);
            const setSelected = (next: Set<TWebhookEvent>) =>
              field.onChange(WEBHOOK_EVENTS.filter((event) => next.has(event)));
            const toggle = (event: TWebhookEvent, checked: boolean) => {
              const next = new Set(selected);
              if (checked) next.add(event);
              else next.delete(event);
              setSelected(next);
            };
            const isAll = selected.size === WEBHOOK_EVENTS.length;
            return (
              <FormControl component="fieldset" error={Boolean(errors.events)}>
                <FormLabel component="legend" id={eventsLabelId}>
                  {t("webhooks.settings.events")}
                </FormLabel>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={isAll}
                      indeterminate={selected.size > 0 && !isAll}
                      onChange={(event) => setSelected(new Set(event.target.checked ? WEBHOOK_EVENTS : []))}
                    />
                  }
                  label={t("webhooks.settings.selectAll")}
                />
                <FormGroup
                  aria-labelledby={eventsLabelId}
                  sx={{
                    display: "grid",
                    gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)" },
                    pl: { xs: 0, sm: 3 },
                  }}
                >
                  {WEBHOOK_EVENTS.map((event) => (
                    <FormControlLabel
                      key={event}
                      control={
                        <Checkbox
                          checked={selected.has(event)}
                          onChange={(change) => toggle(event, change.target.checked)}
                          onBlur={field.onBlur}
                        />
                      }
                      label={t(eventNameKey(event))}
                    />
                  ))}
                </FormGroup>
                <FormHelperText>
                  {selected.size === 0 ? t("webhooks.settings.noEvents") : t("webhooks.settings.eventsHint")}
                </FormHelperText>
              </FormControl>
            );
          }}
        />
        <FormActions isDirty={isDirty} isValid={isValid} isSubmitting={isSubmitting} onDiscard={() => reset()} />
      </Stack>
    </Box>
  );
}
