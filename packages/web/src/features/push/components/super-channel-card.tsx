import { zodResolver } from "@hookform/resolvers/zod";
import { Box, InputAdornment, Skeleton, Stack, TextField } from "@mui/material";
import {
  SUPER_CHANNEL_PUSH_MIN_INTERVAL_MINUTES,
  type TSuperChannelPushSettings,
  V,
  zSuperChannelPushSettings,
} from "@parley/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormActions } from "@/components/form/form-actions";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { SwitchField } from "@/components/form/switch-field";
import { useFieldError } from "@/components/form/use-field-error";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { inlineErrors } from "@/lib/mutation-errors";
import { useSuperChannelSettings } from "../api/get-super-channel-settings";
import { useUpdateSuperChannelSettings } from "../api/update-super-channel-settings";

/** The contract's rule, fed a number: an emptied field (NaN) gets the range message rather than zod's own. */
const zSuperChannelForm = zSuperChannelPushSettings.extend({
  intervalMinutes: z.number({ error: V.pushInterval }).superRefine((value, ctx) => {
    const issue = zSuperChannelPushSettings.shape.intervalMinutes.safeParse(value).error?.issues[0];
    if (issue) ctx.addIssue({ code: "custom", message: issue.message });
  }),
});
type SuperChannelInput = z.input<typeof zSuperChannelForm>;

function SuperChannelForm({
  appId,
  settings,
  onDirtyChange,
}: {
  appId: string;
  settings: TSuperChannelPushSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const updateSettings = useUpdateSuperChannelSettings(appId, inlineErrors);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<SuperChannelInput, unknown, TSuperChannelPushSettings>({
    resolver: zodResolver(zSuperChannelForm),
    defaultValues: settings,
    mode: "onChange",
  });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(await updateSettings.mutateAsync({ appId, settings: values }));
      showSnackbar(t("push.superChannel.saved"), { severity: "success" });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["intervalMinutes"])) {
        showError(error);
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("push.superChannel.title")}>
      <Stack spacing={2.5}>
        <SwitchField control={control} name="enabled" label={t("push.superChannel.enabled")} />
        <TextField
          label={t("push.superChannel.interval")}
          type="number"
          required
          sx={{ maxWidth: 280 }}
          slotProps={{
            htmlInput: { min: SUPER_CHANNEL_PUSH_MIN_INTERVAL_MINUTES, max: 1440, inputMode: "numeric" },
            input: { endAdornment: <InputAdornment position="end">{t("push.superChannel.minutes")}</InputAdornment> },
          }}
          {...muiRegister(register("intervalMinutes", { valueAsNumber: true }))}
          {...fieldError(
            errors.intervalMinutes,
            t("push.superChannel.intervalHint", { min: SUPER_CHANNEL_PUSH_MIN_INTERVAL_MINUTES }),
          )}
        />
        <FormActions isDirty={isDirty} isValid={isValid} isSubmitting={isSubmitting} onDiscard={() => reset()} />
      </Stack>
    </Box>
  );
}

/** Super groups can be huge: their pushes are limited to one per channel per interval (spec section 9). */
export function SuperChannelCard({ appId, onDirtyChange }: { appId: string; onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const settings = useSuperChannelSettings(appId);
  return (
    <SettingsCard
      title={t("push.superChannel.title")}
      subheader={t("push.superChannel.description", { min: SUPER_CHANNEL_PUSH_MIN_INTERVAL_MINUTES })}
    >
      {settings.isPending && <Skeleton variant="rounded" height={120} aria-busy />}
      {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && <SuperChannelForm appId={appId} settings={settings.data} onDirtyChange={onDirtyChange} />}
    </SettingsCard>
  );
}
