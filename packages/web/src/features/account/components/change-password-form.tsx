import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Stack } from "@mui/material";
import { type TChangePasswordRequest, zChangePasswordRequest } from "@parley/contract";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { PasswordField } from "@/components/form/password-field";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";
import { useChangePassword } from "../api/change-password";

const emptyValues = { currentPassword: "", newPassword: "", newPasswordConfirm: "" };

export function ChangePasswordForm({ onDirtyChange }: { onDirtyChange?: (dirty: boolean) => void }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const showError = useErrorSnackbar();
  const { showSnackbar } = useSnackbar();
  const changePassword = useChangePassword(inlineErrors);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<z.input<typeof zChangePasswordRequest>, unknown, TChangePasswordRequest>({
    resolver: zodResolver(zChangePasswordRequest),
    defaultValues: emptyValues,
    mode: "onChange",
    criteriaMode: "all",
  });

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
      reset(emptyValues);
      showSnackbar(t("settings.password.changed"), { severity: "success" });
    } catch (error) {
      if (isApiError(error, "1005")) {
        setError("currentPassword", { type: "server", message: "ERROR_1005" }, { shouldFocus: true });
      } else if (isApiError(error, "2002")) {
        setError("newPassword", { type: "server", message: "ERROR_2002" }, { shouldFocus: true });
      } else {
        showError(error);
      }
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("settings.password.title")}>
      <Stack spacing={2.5}>
        <PasswordField
          label={t("fields.currentPassword")}
          autoComplete="current-password"
          {...muiRegister(register("currentPassword"))}
          {...fieldError(errors.currentPassword)}
        />
        <PasswordField
          label={t("fields.newPassword")}
          autoComplete="new-password"
          {...muiRegister(register("newPassword"))}
          {...fieldError(errors.newPassword, t("fields.passwordHint"))}
        />
        <PasswordField
          label={t("fields.newPasswordConfirm")}
          autoComplete="new-password"
          {...muiRegister(register("newPasswordConfirm", { deps: ["newPassword"] }))}
          {...fieldError(errors.newPasswordConfirm)}
        />
        <Box sx={{ display: "flex", justifyContent: "flex-end" }}>
          <Button type="submit" variant="contained" disabled={!isDirty || !isValid || isSubmitting}>
            {t("settings.password.submit")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
