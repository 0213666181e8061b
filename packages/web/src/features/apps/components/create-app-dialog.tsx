import { zodResolver } from "@hookform/resolvers/zod";
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from "@mui/material";
import { APP_NAME_MAX, type TCreateAppRequest, zCreateAppRequest } from "@parley/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { paths } from "@/config/paths";
import { errorKey } from "@/lib/api-client";
import { useCreateApp } from "../api/create-app";

type CreateAppInput = z.input<typeof zCreateAppRequest>;

/**
 * The create-app dialog of spec section 2. A refusal (name taken, ten apps already) stays under the input
 * rather than in a snackbar, so the user sees it next to the name that caused it.
 */
export function CreateAppDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated?: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const createApp = useCreateApp();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CreateAppInput, unknown, TCreateAppRequest>({
    resolver: zodResolver(zCreateAppRequest),
    defaultValues: { name: "" },
    mode: "all",
  });
  const isNameEmpty = (watch("name") ?? "").trim() === "";

  const close = () => {
    if (isSubmitting) return;
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      const app = await createApp.mutateAsync(values);
      reset();
      onClose();
      onCreated?.();
      navigate(paths.apps.settings.getHref(app.id));
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ["name"])) {
        setError("name", { type: "server", message: errorKey(error) });
      }
    }
  });

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t("apps.create.title")}</DialogTitle>
        <DialogContent>
          <TextField
            label={t("apps.fields.name")}
            required
            autoFocus
            margin="dense"
            slotProps={{ htmlInput: { maxLength: APP_NAME_MAX } }}
            {...muiRegister(register("name"))}
            {...fieldError(errors.name, t("apps.create.hint"))}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={isNameEmpty || isSubmitting}>
            {t("common.save")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
