import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Stack, TextField } from "@mui/material";
import { APP_NAME_MAX, type TApp, type TUpdateAppRequest, zUpdateAppRequest } from "@parley/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { errorKey, isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useRenameApp } from "../api/rename-app";

type AppNameInput = z.input<typeof zUpdateAppRequest>;

/** Renames the app; a taken name (3005) belongs to the field, anything else to the snackbar. */
export function AppNameForm({ app, onDirtyChange }: { app: TApp; onDirtyChange?: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const renameApp = useRenameApp(inlineErrors);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<AppNameInput, unknown, TUpdateAppRequest>({
    resolver: zodResolver(zUpdateAppRequest),
    defaultValues: { name: app.name },
    mode: "onChange",
  });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const renamed = await renameApp.mutateAsync({ appId: app.id, body: values });
      reset({ name: renamed.name });
      showSnackbar(t("apps.settings.renamed"), { severity: "success" });
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ["name"])) return;
      if (isApiError(error, "3005")) setError("name", { type: "server", message: errorKey(error) });
      else showError(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("apps.settings.nameTitle")}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1.5} sx={{ alignItems: { sm: "flex-start" } }}>
        <TextField
          label={t("apps.fields.name")}
          required
          slotProps={{ htmlInput: { maxLength: APP_NAME_MAX } }}
          {...muiRegister(register("name"))}
          {...fieldError(errors.name)}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={!isDirty || !isValid || isSubmitting}
          sx={{ flexShrink: 0, minHeight: 56 }}
        >
          {t("common.save")}
        </Button>
      </Stack>
    </Box>
  );
}
