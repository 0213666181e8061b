import { zodResolver } from "@hookform/resolvers/zod";
import { DialogContentText, TextField } from "@mui/material";
import { MUTE_MAX_MINUTES, zMuteMinutes } from "@parley/contract";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { useFieldError } from "@/components/form/use-field-error";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { useMuteMember } from "../api/mute-member";

const zMuteForm = z.object({ minutes: zMuteMinutes });
type MuteForm = z.infer<typeof zMuteForm>;

/** Mutes one member for a duration the admin must give (spec section 5: required, at most 1,440 minutes). */
export function MuteDialog({
  appId,
  channelId,
  member,
  onClose,
}: {
  appId: string;
  channelId: string;
  member: { userId: string; nickname: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const muteMember = useMuteMember(appId, channelId);
  const submission = useSubmission();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<MuteForm>({
    resolver: zodResolver(zMuteForm),
    // No default: the field starts empty and an untouched one is refused as required. A NaN default reached the
    // number input as the text "NaN", which the browser rejected with a console warning.
    mode: "onTouched",
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(({ minutes }) => {
    if (!member) return;
    return submission.run({
      request: () => muteMember.mutateAsync({ appId, channelId, userId: member.userId, minutes }),
      onSuccess: () => {
        showSnackbar(t("members.muted", { name: member.nickname, minutes }), { severity: "success" });
        close();
      },
      onError: (error) => showSnackbar(errorText(error), { severity: "error" }),
    });
  });

  return (
    <FormDialog
      open={member !== null}
      title={t("members.muteTitle")}
      submission={submission}
      onClose={close}
      onSubmit={() => void onSubmit()}
      submitLabel={t("members.mute")}
      maxWidth="xs"
    >
      <DialogContentText sx={{ mb: 2 }}>
        {t("members.muteBody", { name: member?.nickname ?? "", userId: member?.userId ?? "" })}
      </DialogContentText>
      <TextField
        label={t("members.muteMinutes")}
        type="number"
        required
        autoFocus
        slotProps={{ htmlInput: { min: 1, max: MUTE_MAX_MINUTES, step: 1, inputMode: "numeric" } }}
        {...muiRegister(register("minutes", { valueAsNumber: true }))}
        {...fieldError(errors.minutes, t("members.muteMinutesHint", { max: MUTE_MAX_MINUTES }))}
      />
    </FormDialog>
  );
}
