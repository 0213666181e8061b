import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Stack, TextField } from "@mui/material";
import { REGULAR_CHANNEL_MEMBER_LIMIT, type TAppChatSettings, V, zAppChatSettings } from "@parley/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormActions } from "@/components/form/form-actions";
import { muiRegister } from "@/components/form/mui-register";
import { SwitchField } from "@/components/form/switch-field";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useUpdateChatSettings } from "../api/update-chat-settings";

const MEMBER_LIMIT_RANGE = "apps.settings.memberLimitRange";

/** The contract's rule with messages a person can read: its own bounds say nothing about the range. */
const zChatSettingsForm = zAppChatSettings.extend({
  defaultMemberLimit: z
    .number({ error: V.required })
    .int(MEMBER_LIMIT_RANGE)
    .min(2, MEMBER_LIMIT_RANGE)
    .max(REGULAR_CHANNEL_MEMBER_LIMIT, MEMBER_LIMIT_RANGE),
});

export function ChatSettingsForm({
  appId,
  settings,
  onDirtyChange,
}: {
  appId: string;
  settings: TAppChatSettings;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const { showSnackbar } = useSnackbar();
  const updateSettings = useUpdateChatSettings(appId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty, isValid },
  } = useForm<TAppChatSettings>({
    resolver: zodResolver(zChatSettingsForm),
    defaultValues: settings,
    mode: "onChange",
  });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit((values) =>
    updateSettings.mutate(
      { appId, settings: values },
      {
        onSuccess: (saved) => {
          reset(saved);
          showSnackbar(t("apps.settings.chatSaved"), { severity: "success" });
        },
      },
    ),
  );

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("apps.settings.chatTitle")}>
      <Stack spacing={2.5}>
        <SwitchField control={control} name="allowAnonymousLogin" label={t("apps.settings.allowAnonymousLogin")} />
        <TextField
          label={t("apps.settings.defaultMemberLimit")}
          type="number"
          required
          sx={{ maxWidth: 280 }}
          slotProps={{ htmlInput: { min: 2, max: REGULAR_CHANNEL_MEMBER_LIMIT, inputMode: "numeric" } }}
          {...muiRegister(register("defaultMemberLimit", { valueAsNumber: true }))}
          {...fieldError(errors.defaultMemberLimit, t(MEMBER_LIMIT_RANGE))}
        />
        <FormActions
          isDirty={isDirty}
          isValid={isValid}
          isSubmitting={updateSettings.isPending}
          onDiscard={() => reset()}
        />
      </Stack>
    </Box>
  );
}
