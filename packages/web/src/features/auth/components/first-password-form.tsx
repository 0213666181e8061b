import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Stack, TextField } from "@mui/material";
import { V, zFirstPasswordRequest } from "@parley/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { PasswordField } from "@/components/form/password-field";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { homePathFor } from "@/lib/account-home";
import { isApiError } from "@/lib/api-client";
import { useSession } from "@/lib/session";
import { useSetFirstPassword } from "../api/set-first-password";

/** The form adds a confirmation to the contract's request, as the reset form does. */
const zFirstPasswordForm = zFirstPasswordRequest
  .extend({ passwordConfirm: z.string().min(1, V.required) })
  .refine((v) => v.password === v.passwordConfirm, { message: V.passwordMismatch, path: ["passwordConfirm"] });

type FirstPasswordInput = z.input<typeof zFirstPasswordForm>;
type FirstPasswordValues = z.output<typeof zFirstPasswordForm>;

/** The password of an account that signed in by link and has none yet; afterwards it goes to the account's home. */
export function FirstPasswordForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const fieldError = useFieldError();
  const { showSnackbar } = useSnackbar();
  const setFirstPassword = useSetFirstPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<FirstPasswordInput, unknown, FirstPasswordValues>({
    resolver: zodResolver(zFirstPasswordForm),
    defaultValues: { password: "", passwordConfirm: "" },
    mode: "onTouched",
    criteriaMode: "all",
  });
  const leaveDialog = useLeaveConfirm(isDirty && !isSubmitting);

  // Awaited inside the submit, so the form counts as submitting, not as left unsaved, when it moves on.
  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      const updated = await setFirstPassword.mutateAsync({ password });
      showSnackbar(t("firstPassword.success"), { severity: "success" });
      await navigate(homePathFor(updated), { replace: true });
    } catch (error) {
      // The snackbar has said what went wrong. Already has a password (set in another tab, say): nothing is left
      // to do here.
      if (isApiError(error, "1028")) await navigate(homePathFor(session), { replace: true });
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("firstPassword.title")}>
      <Stack spacing={2.5}>
        <TextField
          label={t("fields.email")}
          value={session?.email ?? ""}
          slotProps={{ htmlInput: { readOnly: true } }}
        />
        <PasswordField
          label={t("fields.newPassword")}
          autoComplete="new-password"
          autoFocus
          {...muiRegister(register("password"))}
          {...fieldError(errors.password, t("fields.passwordHint"))}
        />
        <PasswordField
          label={t("fields.newPasswordConfirm")}
          autoComplete="new-password"
          {...muiRegister(register("passwordConfirm", { deps: ["password"] }))}
          {...fieldError(errors.passwordConfirm)}
        />
        <Button type="submit" variant="contained" size="large" disabled={setFirstPassword.isPending}>
          {t("firstPassword.submit")}
        </Button>
      </Stack>
      {leaveDialog}
    </Box>
  );
}
