import { zodResolver } from "@hookform/resolvers/zod";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from "@mui/material";
import { MUTE_MAX_MINUTES, zMuteMinutes } from "@parley/contract";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { muiRegister } from "@/components/form/mui-register";
import { useFieldError } from "@/components/form/use-field-error";
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
  const titleId = useId();
  const fieldError = useFieldError();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const muteMember = useMuteMember(appId, channelId);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<MuteForm>({
    resolver: zodResolver(zMuteForm),
    defaultValues: { minutes: Number.NaN },
    mode: "onTouched",
  });

  const close = () => {
    reset();
    onClose();
  };

  const onSubmit = handleSubmit(async ({ minutes }) => {
    if (!member) return;
    try {
      await muteMember.mutateAsync({ appId, channelId, userId: member.userId, minutes });
      showSnackbar(t("members.muted", { name: member.nickname, minutes }), { severity: "success" });
      close();
    } catch (error) {
      showSnackbar(errorText(error), { severity: "error" });
    }
  });

  return (
    <Dialog
      open={member !== null}
      onClose={isSubmitting ? undefined : close}
      aria-labelledby={titleId}
      maxWidth="xs"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t("members.muteTitle")}</DialogTitle>
        <DialogContent>
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
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={isSubmitting}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t("members.mute")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
