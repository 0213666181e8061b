import { Box, FormHelperText, MenuItem, TextField } from "@mui/material";
import { ASSIGNABLE_CHANNEL_ROLES, type TSetMemberRoleRequest } from "@parley/contract";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useRoleLabel } from "@/data/roles/role-label";
import { useSetMemberRole } from "../api/set-member-role";

/**
 * A member's role in this channel: the owner's shown as it is (it changes by "Make owner", which hands the channel
 * over), anyone else's chosen between moderator and member.
 */
export function MemberRoleSelect({
  appId,
  channelId,
  userId,
  nickname,
  current,
}: {
  appId: string;
  channelId: string;
  userId: string;
  nickname: string;
  /** The member's channel role now. */
  current: string;
}) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const roleLabel = useRoleLabel();
  const helperId = useId();
  const setRole = useSetMemberRole(appId, channelId);
  const isOwner = current === "owner";
  return (
    <Box sx={{ mt: 2 }}>
      <TextField
        select
        size="small"
        label={t("roles.memberRole")}
        value={current}
        disabled={isOwner || setRole.isPending}
        onChange={(event) =>
          setRole.mutate(
            // The select offers the assignable roles only; the owner's is disabled.
            { appId, channelId, userId, role: event.target.value as TSetMemberRoleRequest["role"] },
            {
              onSuccess: () =>
                showSnackbar(
                  t("roles.memberRoleChanged", { name: nickname, role: roleLabel("channel", event.target.value) }),
                  { severity: "success" },
                ),
            },
          )
        }
        slotProps={{ htmlInput: { "aria-describedby": isOwner ? helperId : undefined } }}
        sx={{ minWidth: 220 }}
      >
        {(isOwner ? ["owner"] : ASSIGNABLE_CHANNEL_ROLES).map((each) => (
          <MenuItem key={each} value={each}>
            {roleLabel("channel", each)}
          </MenuItem>
        ))}
      </TextField>
      {isOwner && <FormHelperText id={helperId}>{t("roles.ownerHint")}</FormHelperText>}
    </Box>
  );
}
