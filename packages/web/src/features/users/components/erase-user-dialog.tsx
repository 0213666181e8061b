import { Alert, Box, DialogContentText, Stack, TextField } from "@mui/material";
import type { TChatUser, TEraseUserResponse } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSubmission } from "@/components/form/use-submission";
import { FormDialog } from "@/components/form-dialog";
import { useErrorText } from "@/hooks/use-error-text";
import { inlineErrors } from "@/lib/mutation-errors";
import { useEraseUser } from "../api/erase-user";

/**
 * Asks before erasing a user for a data-subject request, saying what goes and what stays. The user ID must be typed:
 * an erasure cannot be undone, and a misplaced click on the wrong row must not be enough for it.
 */
export function EraseUserDialog({
  appId,
  user,
  onClose,
  onErased,
}: {
  appId: string;
  user: TChatUser | null;
  onClose: () => void;
  /** Called with the server's counts; close the dialog here. */
  onErased: (result: TEraseUserResponse) => void;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const submission = useSubmission();
  const erase = useEraseUser(appId, inlineErrors);
  const [typed, setTyped] = useState("");
  const [refusal, setRefusal] = useState<unknown>(null);
  const userId = user?.userId ?? "";
  const isConfirmed = user !== null && typed.trim() === userId;

  const reset = () => {
    setTyped("");
    setRefusal(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const submit = () => {
    if (!user || !isConfirmed) return;
    setRefusal(null);
    void submission.run({
      request: () => erase.mutateAsync({ appId, userId: user.userId }),
      onSuccess: (result) => {
        reset();
        onErased(result);
      },
      onError: setRefusal,
    });
  };

  return (
    <FormDialog
      open={user !== null}
      title={t("users.erase.title")}
      submission={submission}
      onClose={close}
      onSubmit={submit}
      canSubmit={isConfirmed}
      submitLabel={t("users.erase.submit")}
      submitColor="error"
      isDirty={typed !== "" && !submission.isPending}
    >
      <Stack spacing={2}>
        <Box>
          <DialogContentText sx={{ overflowWrap: "anywhere" }}>{t("users.erase.intro", { userId })}</DialogContentText>
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, color: "text.secondary", display: "grid", gap: 0.5 }}>
            <li>{t("users.erase.removes")}</li>
            <li>{t("users.erase.keepsMessages")}</li>
            <li>{t("users.erase.removesFiles")}</li>
          </Box>
        </Box>
        {/* Part of what the dialog says, not news to announce: a note, not the alert role an Alert has by default. */}
        <Alert severity="warning" role="note">
          {t("users.erase.undo")}
        </Alert>
        <TextField
          label={t("users.erase.confirmLabel")}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          helperText={t("users.erase.confirmHint", { userId })}
          autoComplete="off"
          autoFocus
          required
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        {refusal !== null && <Alert severity="error">{errorText(refusal)}</Alert>}
      </Stack>
    </FormDialog>
  );
}
