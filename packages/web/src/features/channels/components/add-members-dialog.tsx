import { Alert } from "@mui/material";
import { MAX_INVITES_AT_ONCE, zUserIdsBody } from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { TextFieldDialog } from "@/components/text-field-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useErrorText } from "@/hooks/use-error-text";
import { inlineErrors } from "@/lib/mutation-errors";
import { useAddMembers } from "../api/add-members";

/** One ID per line; commas and spaces separate too, since IDs are often pasted from a spreadsheet. */
export function splitUserIds(text: string) {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/** The pasted text as the contract's list of user IDs: at least one, at most MAX_INVITES_AT_ONCE. */
const zUserIdsText = z
  .string()
  .transform(splitUserIds)
  .superRefine((ids, ctx) => {
    const result = zUserIdsBody.shape.userIds.safeParse(ids);
    if (!result.success) ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "" });
  });

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
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const addMembers = useAddMembers(appId, channelId, inlineErrors);
  const [failure, setFailure] = useState<unknown>(null);
  const countOf = (text: string | undefined) => splitUserIds(text ?? "").length;

  const close = () => {
    setFailure(null);
    onClose();
  };

  return (
    <TextFieldDialog
      open={open}
      title={t("members.addTitle")}
      description={t("members.addBody", { max: MAX_INVITES_AT_ONCE })}
      above={
        failure !== null && (
          <Alert severity="error" role="alert">
            {errorText(failure)}
          </Alert>
        )
      }
      label={t("members.userIds")}
      hint={(text) => t("members.userIdsHint", { count: countOf(text), max: MAX_INVITES_AT_ONCE })}
      schema={zUserIdsText}
      defaultValue=""
      fieldProps={{ multiline: true, minRows: 4, maxRows: 12 }}
      maxWidth="sm"
      canSubmit={({ value }) => countOf(value) > 0}
      submitLabel={t("members.add")}
      request={(userIds) => {
        setFailure(null);
        return addMembers.mutateAsync({ appId, channelId, userIds });
      }}
      onSuccess={(_added, userIds) => {
        showSnackbar(t("members.added", { count: userIds.length }), { severity: "success" });
        close();
      }}
      // 3029 (banned), 3018 (unknown user) and 3024 (full) concern the list as a whole: say it above the list.
      onRefused={setFailure}
      onClose={close}
    />
  );
}
