import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, DialogContentText, TextField } from "@mui/material";
import { MAX_INVITES_AT_ONCE, zUserIdsBody } from "@parley/contract";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useAddMembers } from "../api/add-members";

/** One ID per line; commas and spaces separate too, since IDs are often pasted from a spreadsheet. */
export function splitUserIds(text: string) {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

const zAddMembersForm = z.object({
  userIds: z
    .string()
    .transform(splitUserIds)
    .superRefine((ids, ctx) => {
      const result = zUserIdsBody.shape.userIds.safeParse(ids);
      if (!result.success) ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "" });
    }),
});
type AddMembersInput = z.input<typeof zAddMembersForm>;
type AddMembersOutput = z.output<typeof zAddMembersForm>;

export function AddMembersDialog({
  appId,
  channelId,
  open,
  onClose,
}: {
  appId: string;
  channelId: string;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const addMembers = useAddMembers(appId, channelId);
  const submission = useSubmission();
  const [failure, setFailure] = useState<unknown>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<AddMembersInput, unknown, AddMembersOutput>({
    resolver: zodResolver(zAddMembersForm),
    defaultValues: { userIds: "" },
    mode: "onChange",
  });
  const count = splitUserIds(useWatch({ control, name: "userIds" }) ?? "").length;

  const close = () => {
    reset();
    setFailure(null);
    onClose();
  };

  const onSubmit = handleSubmit(({ userIds }) => {
    setFailure(null);
    return submission.run({
      request: () => addMembers.mutateAsync({ appId, channelId, userIds }),
      onSuccess: () => {
        showSnackbar(t("members.added", { count: userIds.length }), { severity: "success" });
        close();
      },
      // 3029 (banned), 3018 (unknown user) and 3024 (full) concern the list as a whole: say it above the list.
      onError: setFailure,
    });
  });

  return (
    <FormDialog
      open={open}
      title={t("members.addTitle")}
      submission={submission}
      onClose={close}
      onSubmit={() => void onSubmit()}
      canSubmit={count > 0}
      submitLabel={t("members.add")}
    >
      <DialogContentText sx={{ mb: 2 }}>{t("members.addBody", { max: MAX_INVITES_AT_ONCE })}</DialogContentText>
      {failure !== null && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {errorText(failure)}
        </Alert>
      )}
      <TextField
        label={t("members.userIds")}
        required
        multiline
        minRows={4}
        maxRows={12}
        autoFocus
        {...muiRegister(register("userIds"))}
        {...fieldError(errors.userIds, t("members.userIdsHint", { count, max: MAX_INVITES_AT_ONCE }))}
      />
    </FormDialog>
  );
}
