import {
  Box,
  Button,
  Checkbox,
  Chip,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Tooltip,
  Typography,
} from "@mui/material";
import {
  APP_ROLES,
  CHANNEL_ROLES,
  PERMISSIONS,
  type TChannelType,
  type TPermission,
  type TPermissionMatrix,
  type TRole,
} from "@parley/contract";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { LoadError } from "@/components/load-error";
import { SettingsCard } from "@/components/settings-card";
import { useSnackbar } from "@/components/ui/snackbar-provider";
import { useRoleLabel } from "@/data/roles/role-label";
import { useErrorSnackbar } from "@/hooks/use-error-text";
import { useLeaveConfirm } from "@/hooks/use-leave-confirm";
import { resetPermissionMatrix, savePermissionMatrix, usePermissionMatrices, useStoreMatrix } from "../api/permissions";

type Grants = Pick<TPermissionMatrix, "app" | "channel">;
type Group = "app" | "channel";

const sameSet = (a: readonly string[] = [], b: readonly string[] = []) =>
  a.length === b.length && a.every((each) => b.includes(each));

function sameGrants(a: Grants, b: Grants) {
  const same = (x: Record<string, readonly string[]>, y: Record<string, readonly string[]>) =>
    [...new Set([...Object.keys(x), ...Object.keys(y)])].every((role) => sameSet(x[role], y[role]));
  return same(a.app, b.app) && same(a.channel, b.channel);
}

/** What a role is granted; a custom role the app never set grants for is granted what `member` is. */
function grantsOf(grants: Grants, group: Group, role: string): TPermission[] {
  const table: Record<string, TPermission[] | undefined> = grants[group];
  return table[role] ?? (group === "app" ? (grants.app.member ?? []) : []);
}

/** The grants with one permission of one role switched. */
function toggled(grants: Grants, group: Group, role: string, permission: TPermission): Grants {
  const current = grantsOf(grants, group, role);
  const next = current.includes(permission) ? current.filter((p) => p !== permission) : [...current, permission];
  // Kept in the catalogue's order, so a saved matrix reads the same however it was clicked.
  return { ...grants, [group]: { ...grants[group], [role]: PERMISSIONS.filter((p) => next.includes(p)) } };
}

const stickyCell = {
  position: "sticky",
  left: 0,
  zIndex: 1,
  bgcolor: "background.paper",
  borderRight: 1,
  borderRightColor: "divider",
} as const;

function MatrixTable({
  grants,
  appRoles,
  onToggle,
}: {
  grants: Grants;
  appRoles: string[];
  onToggle: (group: Group, role: string, permission: TPermission) => void;
}) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const groups: { group: Group; roles: readonly string[] }[] = [
    { group: "app", roles: appRoles },
    { group: "channel", roles: CHANNEL_ROLES },
  ];
  return (
    <TableContainer sx={{ overflowX: "auto", maxWidth: "100%", position: "relative" }}>
      <Table size="small" aria-label={t("roles.matrix.tableLabel")}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ ...stickyCell, zIndex: 2 }}>{t("roles.matrix.role")}</TableCell>
            {PERMISSIONS.map((permission) => (
              <TableCell key={permission} align="center" sx={{ px: 0.25, verticalAlign: "bottom" }}>
                <Tooltip title={t(`roles.permission.${permission}.description`)}>
                  <Typography
                    variant="caption"
                    component="span"
                    tabIndex={0}
                    sx={{ display: "inline-block", lineHeight: 1.2, fontWeight: 600, minWidth: 40 }}
                  >
                    {t(`roles.permission.${permission}.short`)}
                  </Typography>
                </Tooltip>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        {groups.map(({ group, roles }) => (
          <TableBody key={group}>
            <TableRow>
              <TableCell
                component="th"
                scope="rowgroup"
                colSpan={PERMISSIONS.length + 1}
                sx={{ bgcolor: "action.hover", fontWeight: 700, py: 0.75 }}
              >
                <Box component="span" sx={{ position: "sticky", left: 16 }}>
                  {t(`roles.matrix.group.${group}`)}
                </Box>
              </TableCell>
            </TableRow>
            {roles.map((role) => {
              const label = roleLabel(group, role);
              const granted = grantsOf(grants, group, role);
              return (
                <TableRow key={role} hover>
                  <TableCell component="th" scope="row" sx={{ ...stickyCell, whiteSpace: "nowrap", fontWeight: 500 }}>
                    {label}
                  </TableCell>
                  {PERMISSIONS.map((permission) => (
                    <TableCell key={permission} align="center" padding="none">
                      <Checkbox
                        size="small"
                        sx={{ p: 0.5 }}
                        checked={granted.includes(permission)}
                        onChange={() => onToggle(group, role, permission)}
                        slotProps={{
                          input: {
                            "aria-label": t("roles.matrix.cell", {
                              role: label,
                              permission: t(`roles.permission.${permission}.long`),
                            }),
                          },
                        }}
                      />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        ))}
      </Table>
    </TableContainer>
  );
}

/**
 * The permission matrix of each channel type: which app roles and channel roles may do what. Changes stay a draft
 * per channel type until Save; leaving with a draft asks first.
 */
export function PermissionMatrix({ appId, roles }: { appId: string; roles: TRole[] }) {
  const { t } = useTranslation();
  const { showSnackbar } = useSnackbar();
  const showError = useErrorSnackbar();
  const matrices = usePermissionMatrices(appId);
  const store = useStoreMatrix(appId);
  const [selected, setSelected] = useState<TChannelType | null>(null);
  const [drafts, setDrafts] = useState<Partial<Record<TChannelType, Grants>>>({});
  const [isSaving, setIsSaving] = useState(false);
  const [isConfirmingReset, setIsConfirmingReset] = useState(false);
  const [isResetting, setIsResetting] = useState(false);

  const list = matrices.data ?? [];
  const dirtyTypes = list
    .filter((matrix) => {
      const draft = drafts[matrix.channelType];
      return draft !== undefined && !sameGrants(draft, matrix);
    })
    .map((matrix) => matrix.channelType);
  const leaveConfirm = useLeaveConfirm(dirtyTypes.length > 0);

  const current = list.find((matrix) => matrix.channelType === selected) ?? list[0];
  const customRoles = roles.filter((role) => !role.builtIn).map((role) => role.name);
  const appRoles = [...APP_ROLES, ...customRoles];

  const save = async () => {
    setIsSaving(true);
    try {
      for (const channelType of dirtyTypes) {
        const draft = drafts[channelType];
        if (!draft) continue;
        store(await savePermissionMatrix(appId, channelType, { app: draft.app, channel: draft.channel }));
      }
      setDrafts({});
      showSnackbar(t("roles.matrix.saved"), { severity: "success" });
    } catch (error) {
      showError(error);
    } finally {
      setIsSaving(false);
    }
  };

  const reset = async (channelType: TChannelType) => {
    setIsResetting(true);
    try {
      store(await resetPermissionMatrix(appId, channelType));
      setDrafts(({ [channelType]: _, ...rest }) => rest as Partial<Record<TChannelType, Grants>>);
      setIsConfirmingReset(false);
      showSnackbar(t("roles.matrix.resetDone"), { severity: "success" });
    } catch (error) {
      showError(error);
    } finally {
      setIsResetting(false);
    }
  };

  return (
    <SettingsCard title={t("roles.matrix.title")} subheader={t("roles.matrix.description")}>
      {matrices.isPending && <Skeleton variant="rounded" height={320} aria-busy />}
      {matrices.isError && <LoadError error={matrices.error} onRetry={() => void matrices.refetch()} />}
      {current && (
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Tabs
            value={current.channelType}
            onChange={(_, value: TChannelType) => setSelected(value)}
            variant="scrollable"
            scrollButtons
            allowScrollButtonsMobile
            aria-label={t("roles.matrix.channelTypes")}
          >
            {list.map((matrix) => (
              <Tab
                key={matrix.channelType}
                value={matrix.channelType}
                label={
                  dirtyTypes.includes(matrix.channelType)
                    ? t("roles.matrix.unsavedTab", { type: t(`roles.channelType.${matrix.channelType}`) })
                    : t(`roles.channelType.${matrix.channelType}`)
                }
              />
            ))}
          </Tabs>
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
            <Chip
              size="small"
              color={current.isDefault ? "default" : "primary"}
              variant={current.isDefault ? "outlined" : "filled"}
              label={t(current.isDefault ? "roles.matrix.default" : "roles.matrix.customised")}
            />
            {dirtyTypes.includes(current.channelType) && (
              <Typography variant="body2" color="warning.main">
                {t("roles.matrix.unsaved")}
              </Typography>
            )}
          </Stack>
          <MatrixTable
            grants={drafts[current.channelType] ?? current}
            appRoles={appRoles}
            onToggle={(group, role, permission) =>
              setDrafts((all) => ({
                ...all,
                [current.channelType]: toggled(all[current.channelType] ?? current, group, role, permission),
              }))
            }
          />
          <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
            <Button variant="contained" disabled={dirtyTypes.length === 0} loading={isSaving} onClick={save}>
              {t("roles.matrix.save")}
            </Button>
            {dirtyTypes.length > 0 && (
              <Button disabled={isSaving} onClick={() => setDrafts({})}>
                {t("roles.matrix.discard")}
              </Button>
            )}
            <Box sx={{ flex: 1 }} />
            <Button color="warning" disabled={current.isDefault} onClick={() => setIsConfirmingReset(true)}>
              {t("roles.matrix.reset")}
            </Button>
          </Stack>
        </Stack>
      )}
      {current && (
        <ConfirmDialog
          open={isConfirmingReset}
          title={t("roles.matrix.resetTitle")}
          body={t("roles.matrix.resetBody", { type: t(`roles.channelType.${current.channelType}`) })}
          confirmLabel={t("roles.matrix.reset")}
          isPending={isResetting}
          onConfirm={() => void reset(current.channelType)}
          onClose={() => setIsConfirmingReset(false)}
        />
      )}
      {leaveConfirm}
    </SettingsCard>
  );
}
