import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@mui/material";
import { APP_NAME_MAX, type TCreateAppRequest, zCreateAppRequest } from "@parley/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
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
  const navigate = useNavigate();
  const fieldError = useFieldError();
  const createApp = useCreateApp();
  const submission = useSubmission();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors },
  } = useForm<CreateAppInput, unknown, TCreateAppRequest>({
    resolver: zodResolver(zCreateAppRequest),
    defaultValues: { name: "" },
    mode: "all",
  });
  const isNameEmpty = (watch("name") ?? "").trim() === "";

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    submission.run({
      request: () => createApp.mutateAsync(values),
      onSuccess: (app) => {
        reset();
        onClose();
        onCreated?.();
        navigate(paths.apps.settings.getHref(app.id));
      },
      onError: (error) => {
        if (!applyServerFieldErrors(error, setError, ["name"])) {
          setError("name", { type: "server", message: errorKey(error) });
        }
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      title={t("apps.create.title")}
      submission={submission}
      onClose={close}
      onSubmit={() => void onSubmit()}
      canSubmit={!isNameEmpty}
      submitLabel={t("common.save")}
      maxWidth="xs"
    >
      <TextField
        label={t("apps.fields.name")}
        required
        autoFocus
        margin="dense"
        slotProps={{ htmlInput: { maxLength: APP_NAME_MAX } }}
        {...muiRegister(register("name"))}
        {...fieldError(errors.name, t("apps.create.hint"))}
      />
    </FormDialog>
  );
}
