import { MenuItem, TextField } from "@mui/material";
import type { TChatUser } from "@parley/contract";
import { useTranslation } from "react-i18next";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useRoles } from "@/data/roles/get-roles";
import { useRoleLabel } from "@/data/roles/role-label";
import { useSetUserRole } from "../api/set-user-role";

/** A user's app role, changed on the spot: built-in roles first, then the app's custom ones. */
export function UserRoleSelect({ appId, user }: { appId: string; user: TChatUser }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const roleLabel = useRoleLabel();
  const roles = useRoles(appId);
  const setRole = useSetUserRole(appId);
  const current = user.role ?? "member";
  const names = roles.data?.map((role) => role.name) ?? [];
  // The user's own role is listed even before the roles load, so the select never shows an unknown value.
  const options = names.includes(current) ? names : [current, ...names];
  return (
    <TextField
      select
      size="small"
      value={current}
      disabled={setRole.isPending}
      onChange={(event) =>
        setRole.mutate(
          { appId, userId: user.userId, role: event.target.value },
          {
            onSuccess: () =>
              showSnackbar(
                t("roles.userRoleChanged", { userId: user.userId, role: roleLabel("app", event.target.value) }),
                { severity: "success" },
              ),
          },
        )
      }
      slotProps={{ htmlInput: { "aria-label": t("roles.userRoleOf", { userId: user.userId }) } }}
      sx={{ minWidth: 130 }}
    >
      {options.map((name) => (
        <MenuItem key={name} value={name}>
          {roleLabel("app", name)}
        </MenuItem>
      ))}
    </TextField>
  );
}
