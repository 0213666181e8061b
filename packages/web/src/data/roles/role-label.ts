import { APP_ROLES, CHANNEL_ROLES } from "@parley/contract";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";

const builtInAppRoles: readonly string[] = APP_ROLES;
const channelRoles: readonly string[] = CHANNEL_ROLES;

/**
 * A role's name as the dashboard shows it: built-in roles in the reader's language, custom roles as the operator
 * named them. Channel roles say "channel" so a matrix row never reads the same as an app role's.
 */
export function useRoleLabel() {
  const { t } = useTranslation();
  return useCallback(
    (group: "app" | "channel", role: string) => {
      if (group === "channel" && channelRoles.includes(role)) return t(`roles.channelRole.${role}`);
      if (group === "app" && builtInAppRoles.includes(role)) return t(`roles.appRole.${role}`);
      return role;
    },
    [t],
  );
}
