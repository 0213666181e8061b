import { MUTE_MAX_MINUTES, zMuteMinutes } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { TextFieldDialog } from "@/components/text-field-dialog";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { inlineErrors } from "@/lib/mutation-errors";
import { useMuteMember } from "../api/mute-member";

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
  const { showSnackbar } = useSnackbar();
  const muteMember = useMuteMember(appId, channelId, inlineErrors);

  return (
    <TextFieldDialog
      open={member !== null}
      title={t("members.muteTitle")}
      description={t("members.muteBody", { name: member?.nickname ?? "", userId: member?.userId ?? "" })}
      label={t("members.muteMinutes")}
      hint={t("members.muteMinutesHint", { max: MUTE_MAX_MINUTES })}
      schema={zMuteMinutes}
      // No default: the field starts empty and an untouched one is refused as required. A NaN default reached the
      // number input as the text "NaN", which the browser rejected with a console warning.
      validateOn="onTouched"
      isNumber
      fieldProps={{
        type: "number",
        slotProps: { htmlInput: { min: 1, max: MUTE_MAX_MINUTES, step: 1, inputMode: "numeric" } },
      }}
      submitLabel={t("members.mute")}
      request={(minutes) => {
        // Unreachable: the dialog is open only while a member is chosen.
        if (!member) return Promise.reject(new Error("No member to mute"));
        return muteMember.mutateAsync({ appId, channelId, userId: member.userId, minutes });
      }}
      onSuccess={(_muted, minutes) => {
        showSnackbar(t("members.muted", { name: member?.nickname ?? "", minutes }), { severity: "success" });
        onClose();
      }}
      onRefused="snackbar"
      onClose={onClose}
    />
  );
}
