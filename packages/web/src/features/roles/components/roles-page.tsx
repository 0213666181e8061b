import { Stack } from "@mui/material";
import { useTranslation } from "react-i18next";
import { PageHeader } from "@/components/page-header";
import { useRoles } from "@/data/roles/get-roles";
import { CustomRoles } from "./custom-roles";
import { PermissionMatrix } from "./permission-matrix";

/** `/apps/:id/roles`: what each role may do in each channel type, and the app's custom roles. */
export function RolesPage({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const roles = useRoles(appId);
  return (
    <>
      <PageHeader title={t("pages.roles")} description={t("roles.description")} />
      <Stack spacing={3} sx={{ minWidth: 0 }}>
        <PermissionMatrix appId={appId} roles={roles.data ?? []} />
        <CustomRoles appId={appId} roles={roles} />
      </Stack>
    </>
  );
}
