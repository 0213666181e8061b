import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Skeleton, Stack, TextField } from "@mui/material";
import { type TPushNotificationSettings, zPushNotificationSettings } from "@parley/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
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
import { useNotificationSettings } from "../api/get-notification-settings";
import { useUpdateNotificationSettings } from "../api/update-notification-settings";

function NotificationSettingsForm({
  appId,
  settings,
  onDirtyChange,
}: {
  appId: string;
  settings: TPushNotificationSettings;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const updateSettings = useUpdateNotificationSettings(appId, inlineErrors);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<TPushNotificationSettings>({
    resolver: zodResolver(zPushNotificationSettings),
    defaultValues: settings,
    mode: "onChange",
  });

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      reset(await updateSettings.mutateAsync({ appId, settings: values }));
      showSnackbar(t("push.notification.saved"), { severity: "success" });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["sound", "icon"])) {
        showError(error);
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("push.notification.title")}>
      <Stack spacing={2.5}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            label={t("push.notification.sound")}
            fullWidth
            {...muiRegister(register("sound"))}
            {...fieldError(errors.sound, t("push.notification.soundHint"))}
          />
          <TextField
            label={t("push.notification.icon")}
            fullWidth
            {...muiRegister(register("icon"))}
            {...fieldError(errors.icon, t("push.notification.iconHint"))}
          />
        </Stack>
        <SwitchField control={control} name="badge" label={t("push.notification.badge")} />
        <FormActions isDirty={isDirty} isValid={isValid} isSubmitting={isSubmitting} onDiscard={() => reset()} />
      </Stack>
    </Box>
  );
}

/** What every notification carries besides its text: sound, Android icon, unread badge. */
export function NotificationSettingsCard({
  appId,
  onDirtyChange,
}: {
  appId: string;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const settings = useNotificationSettings(appId);
  return (
    <SettingsCard title={t("push.notification.title")} subheader={t("push.notification.description")}>
      {settings.isPending && <Skeleton variant="rounded" height={120} aria-busy />}
      {settings.isError && <LoadError error={settings.error} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <NotificationSettingsForm appId={appId} settings={settings.data} onDirtyChange={onDirtyChange} />
      )}
    </SettingsCard>
  );
}
