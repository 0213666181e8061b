import DeleteOutlineRounded from "@mui/icons-material/DeleteOutlineRounded";
import EditRounded from "@mui/icons-material/EditRounded";
import {
  Box,
  Button,
  Chip,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from "@mui/material";
import { CUSTOM_ROLES_MAX, type TRole } from "@parley/contract";
import type { UseQueryResult } from "@tanstack/react-query";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { visuallyHidden } from "@/components/visually-hidden";
import { roleKeys } from "@/data/roles/keys";
import { useRoleLabel } from "@/data/roles/role-label";
import { useFormat } from "@/hooks/use-format";
import { useDeleteRole } from "../api/roles";
import { RoleDialog } from "./role-dialog";

/** The app's roles: the built-in ones as they are, the custom ones with their users, created, described and deleted. */
export function CustomRoles({ appId, roles }: { appId: string; roles: UseQueryResult<TRole[]> }) {
  const { t } = useTranslation();
  const format = useFormat();
  const roleLabel = useRoleLabel();
  const { showSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const remove = useDeleteRole(appId);
  const [editing, setEditing] = useState<{ role?: TRole } | null>(null);
  const [deleting, setDeleting] = useState<TRole | null>(null);
  const customCount = roles.data?.filter((role) => !role.builtIn).length ?? 0;

  const onSaved = (role: TRole) => {
    const isNew = editing?.role === undefined;
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: roleKeys.app(appId) });
    showSnackbar(t(isNew ? "roles.custom.created" : "roles.custom.updated", { name: role.name }), {
      severity: "success",
    });
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.name, {
      onSuccess: () => showSnackbar(t("roles.custom.deleted", { name: deleting.name }), { severity: "success" }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <SettingsCard title={t("roles.custom.title")} subheader={t("roles.custom.description", { max: CUSTOM_ROLES_MAX })}>
      {roles.isPending && <Skeleton variant="rounded" height={160} aria-busy />}
      {roles.isError && <LoadError error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.data && (
        <Stack spacing={2}>
          <TableContainer sx={{ overflowX: "auto", position: "relative" }}>
            <Table size="small" aria-label={t("roles.custom.tableLabel")}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("roles.custom.column.name")}</TableCell>
                  <TableCell>{t("roles.custom.column.description")}</TableCell>
                  <TableCell align="right">{t("roles.custom.column.users")}</TableCell>
                  <TableCell>
                    <Box component="span" sx={visuallyHidden}>
                      {t("common.actions")}
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {roles.data.map((role) => (
                  <TableRow key={role.name}>
                    <TableCell component="th" scope="row" sx={{ whiteSpace: "nowrap" }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                        <span>{roleLabel("app", role.name)}</span>
                        {role.builtIn && <Chip size="small" variant="outlined" label={t("roles.custom.builtIn")} />}
                      </Stack>
                    </TableCell>
                    <TableCell sx={{ minWidth: 160, overflowWrap: "anywhere" }}>
                      {role.builtIn ? t(`roles.appRoleDescription.${role.name}`) : role.description}
                    </TableCell>
                    <TableCell align="right">
                      {role.userCount === undefined ? "–" : format.number(role.userCount)}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                      {!role.builtIn && (
                        <>
                          <IconButton
                            size="small"
                            aria-label={t("roles.custom.edit", { name: role.name })}
                            onClick={() => setEditing({ role })}
                          >
                            <EditRounded fontSize="small" />
                          </IconButton>
                          <IconButton
                            size="small"
                            aria-label={t("roles.custom.delete", { name: role.name })}
                            onClick={() => setDeleting(role)}
                          >
                            <DeleteOutlineRounded fontSize="small" />
                          </IconButton>
                        </>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box>
            <Button variant="contained" disabled={customCount >= CUSTOM_ROLES_MAX} onClick={() => setEditing({})}>
              {t("roles.custom.add")}
            </Button>
            {customCount >= CUSTOM_ROLES_MAX && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t("roles.custom.limitReached", { max: CUSTOM_ROLES_MAX })}
              </Typography>
            )}
          </Box>
        </Stack>
      )}
      {editing && (
        <RoleDialog
          appId={appId}
          {...(editing.role ? { role: editing.role } : {})}
          onClose={() => setEditing(null)}
          onSaved={onSaved}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t("roles.custom.deleteTitle")}
        body={t("roles.custom.deleteBody", { name: deleting?.name ?? "", count: deleting?.userCount ?? 0 })}
        confirmLabel={t("common.delete")}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </SettingsCard>
  );
}
