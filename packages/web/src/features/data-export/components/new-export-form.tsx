import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Box, Button, Stack, TextField } from "@mui/material";
import { type TCreateExportRequestInput, zCreateExportRequest, zUserId } from "@parley/contract";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { applyServerFieldErrors } from "@/components/form/server-errors";
import { SwitchField } from "@/components/form/switch-field";
import { useFieldError } from "@/components/form/use-field-error";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useCreateExport } from "@/data/exports/create-export";
import { useErrorText } from "@/hooks/use-error-text";
import { isApiError } from "@/lib/api-client";
import { inlineErrors } from "@/lib/mutation-errors";

/**
 * The contract's request as the form holds it: the user ID field is empty for the whole app, and anything typed
 * there must pass the contract's user ID rule (its message, not zod's, goes under the field).
 */
const zNewExportForm = zCreateExportRequest.extend({
  includeFiles: z.boolean(),
  userId: z.string().superRefine((value, ctx) => {
    if (value.trim() === "") return;
    const issue = zUserId.safeParse(value).error?.issues[0];
    if (issue) ctx.addIssue({ code: "custom", message: issue.message });
  }),
});
type NewExportValues = z.infer<typeof zNewExportForm>;

const EMPTY: NewExportValues = { includeFiles: false, userId: "" };

/** The "New export" form: the whole app or one user's data, with or without the files members sent. */
export function NewExportForm({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const createExport = useCreateExport(appId, inlineErrors);
  // A refusal of the whole request (3130 one already under way, 3133 not the owner) shows above the button.
  const [problem, setProblem] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewExportValues>({ resolver: zodResolver(zNewExportForm), defaultValues: EMPTY, mode: "onChange" });

  const onSubmit = handleSubmit(async ({ includeFiles, userId }) => {
    setProblem(null);
    const body: TCreateExportRequestInput = { includeFiles, ...(userId.trim() ? { userId: userId.trim() } : {}) };
    try {
      await createExport.mutateAsync({ appId, body });
      showSnackbar(t("dataExport.new.started"), { severity: "success" });
      reset({ includeFiles, userId: "" });
    } catch (error) {
      if (isApiError(error, "3018")) setError("userId", { type: "server", message: "ERROR_3018" });
      else if (!applyServerFieldErrors(error, setError, ["userId", "includeFiles"])) setProblem(error);
    }
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label={t("dataExport.new.title")}>
      <Stack spacing={2}>
        <Box>
          <SwitchField control={control} name="includeFiles" label={t("dataExport.new.includeFiles")} />
        </Box>
        <TextField
          label={t("dataExport.new.userId")}
          autoComplete="off"
          sx={{ maxWidth: 420 }}
          slotProps={{ htmlInput: { spellCheck: false } }}
          {...muiRegister(register("userId"))}
          {...fieldError(errors.userId, t("dataExport.new.userIdHint"))}
        />
        {problem !== null && <Alert severity="error">{errorText(problem)}</Alert>}
        <Box>
          <Button type="submit" variant="contained" loading={isSubmitting}>
            {t("dataExport.new.submit")}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
